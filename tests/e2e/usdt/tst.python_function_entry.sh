# Debian's python3.11: python$target:::function-entry with the file (copyinstr(arg0)), the function
# (copyinstr(arg1)) and its first line (arg2). Python 3.11 fires function-entry only while a profile
# or trace function is set (its ceval checks the probe under cframe.use_tracing), so the script sets
# one.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
cat >"$dir/lt.py" <<'EOF'
import sys
sys.setprofile(lambda *a: None)
def lt_fn(x):
    return x + 1

for i in range(3):
    lt_fn(i)
EOF
"$dtrace" -q -c "/usr/bin/python3.11 $dir/lt.py" -n 'python$target:::function-entry /copyinstr(arg0) == "'"$dir"'/lt.py"/ { printf("%s %s %d\n", basename(copyinstr(arg0)), copyinstr(arg1), arg2); }'
