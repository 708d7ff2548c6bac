# The dynamic linker's PLT resolver is entered by a jump from the PLT with the link map at
# (%rsp): a return uprobe there replaced it with the kernel's trampoline address and the program
# died of SIGSEGV in _dl_fixup at its first lazily bound call. Its return probe is on the
# instruction that leaves it, `jmp *%r11` to the function it resolved (arg0: that offset), and
# the program runs as untraced. (Its local name comes from libc6-dbg's symbols.)
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dir/lt_calls" >"$dir/untraced"
"$dtrace" -q -o "$dir/trace" -c "$dir/lt_calls" \
	-n 'pid$target:ld-linux-x86-64.so.2:_dl_runtime_resolve*:return { @[arg0] = count(); }' >"$dir/traced"
echo "status $?"
cmp -s "$dir/untraced" "$dir/traced" && echo "the program's output is unchanged"
# One return site, at the resolver's last instruction.
resolver=$(awk 'NF == 2 && $2 > 0 { print $1 }' "$dir/trace" | sort -u)
echo "return sites that fired: $(echo $resolver | wc -w)"
