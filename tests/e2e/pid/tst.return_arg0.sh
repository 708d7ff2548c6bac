# A return probe's arg0 is the offset in the function of the instruction that returns (DTrace
# places return probes on the ret instructions): for lt_neg, the offset of its one ret, which the
# test finds with objdump.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
# The addresses of lt_neg and of its ret, in hex, from the disassembly.
set -- $(objdump -d --no-show-raw-insn "$dir/lt_calls" | awk '
	/<lt_neg>:$/ { print $1; on = 1; next }
	on && /^$/ { exit }
	on && $2 == "ret" { sub(":", "", $1); print $1; exit }')
ret=$((16#$2 - 16#$1))
"$dtrace" -q -c "$dir/lt_calls" -n "pid\$target:a.out:lt_neg:return { printf(\"%s\\n\", arg0 == $ret ? \"arg0 is the offset of the ret\" : \"arg0 is not the offset of the ret\"); }"
