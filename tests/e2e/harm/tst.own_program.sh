# A program of our own (progs/lt_harm: red-zone leaf functions with 5-byte NOPs in loops and
# straight code, tail jumps direct, conditional and indirect, `ret $8`, a switch's jump table,
# PLT calls into libc, USDT probes with a semaphore and on a 5-byte NOP) traced at every
# instruction of every function of a.out, with every entry and return probe and its USDT probes,
# prints exactly what it prints untraced. Where this kernel would turn a uprobe on a 5-byte NOP
# into a CALL that overwrites the red zone, those sites are skipped with a warning instead.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build
"$dir/lt_harm" >"$dir/untraced"
echo "untraced: status $?"
"$dtrace" -q -o "$dir/trace" -c "$dir/lt_harm" \
	-n 'pid$target:a.out::,lt_harm$target:::{ @[probefunc, probename] = count(); }' \
	>"$dir/traced" 2>"$dir/err"
echo "traced: status $?"
lt_same "lt_harm" "$dir/untraced" "$dir/traced"
grep -v "probes* skipped" "$dir/err" | grep -v '^$'
# The probes fired: entry and return of the red-zone functions, the instruction after the loop's
# NOP (once per iteration: 10 + 11 + ... + 49 times), returns through `ret $8` and tail calls.
for p in 'lt_rz_loop *entry *40$' 'lt_rz_loop *return *40$' 'lt_rz_loop *13 *1180$' 'lt_tail_indirect *return *80$' \
	'lt_ret_pop *return *40$' 'lt_switch *entry *40$' 'lt_call_ret_pop *entry *40$'; do
	grep -Eq "$p" "$dir/trace" && echo "fired: $p" || echo "did not fire: $p"
done
