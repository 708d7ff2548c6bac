# python3.11's function-return: fired for the script's function as it returns (three calls) and its
# module.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
cat >"$dir/lt.py" <<'EOF'
def lt_fn(x):
    return x + 1

list(map(lt_fn, range(3)))
EOF
"$dtrace" -q -c "/usr/bin/python3.11 $dir/lt.py" -n 'python$target:::function-return /copyinstr(arg0) == "'"$dir"'/lt.py"/ { printf("%s %d\n", copyinstr(arg1), arg2); }'
