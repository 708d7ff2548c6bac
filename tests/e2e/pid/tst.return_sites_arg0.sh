# A return probe whose clause reads arg0 keeps DTrace's form, a uprobe on the returning
# instruction: arg0 is that instruction's offset in the function, the same on every return of
# a function with one `ret`, and arg1 the value returned; the probe fires once per return.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_paths lt_paths.c -fcf-protection=full
ret=$(objdump -d --no-show-raw-insn "$dir/lt_paths" | awk '
	/<lt_leaf>:/ { start = strtonum("0x" $1); f = 1; next }
	f && /ret/ { sub(":", "", $1); printf "%d\n", strtonum("0x" $1) - start; exit }')
"$dtrace" -q -c "$dir/lt_paths" -n '
pid$target:a.out:lt_leaf:return { @[arg0 == '"$ret"' ? "at the ret" : "elsewhere", arg1] = count(); }'
