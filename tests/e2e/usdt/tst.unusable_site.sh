# A site whose argument specs are not understood (an SSE register, lt_bad.S) is not traced, and
# one warning names it; the probe's other site fires (arg0 7), and -lv shows both sites with
# the reason.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_bad lt_bad.c lt_bad.S
"$dtrace" -q -c "$dir/lt_bad" -n 'lt_bad$target:::weird { printf("%d\n", arg0); }' 2>"$dir/err"
sed -E 's/lt_bad[0-9]+/lt_badPID/' "$dir/err"
"$dtrace" -lv -n 'lt_bad$target:::weird' -c "$dir/lt_bad" | grep -A2 'Call Sites' | sed -E 's/0x[0-9a-f]+/X/'
