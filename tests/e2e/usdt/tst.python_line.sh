# python3.11's line probe (semaphore-guarded): the lines of the script's function, three calls each.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
cat >"$dir/lt.py" <<'EOF'
def lt_fn(x):
    y = x * 2
    return y + 1

for i in range(3):
    lt_fn(i)
EOF
"$dtrace" -q -c "/usr/bin/python3.11 $dir/lt.py" -n 'python$target:::line /copyinstr(arg1) == "lt_fn"/ { @[arg2] = count(); }'
