# An instruction offset within a function (pid$target:a.out:lt_work:1, the instruction after
# `push %rbp` in this -O0 build) fires like entry, with the arguments still in their registers.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_prog" -n 'pid$target:a.out:lt_work:1 { printf("%s %d\n", probename, arg0); }'
