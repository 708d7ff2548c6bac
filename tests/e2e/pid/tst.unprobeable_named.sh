# An instruction the kernel cannot probe (the hlt that ends _start) is skipped without a word
# when a glob of names reaches it (pid$target:a.out:_start: gives every instruction), and with
# one warning when the program names it, once however many clauses do.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
set -- $(objdump -d --no-show-raw-insn "$dir/lt_args" | awk '
	/<_start>:/ { print $1; on = 1; next }
	on && /^$/ { exit }
	on && $2 == "hlt" { sub(/:$/, "", $1); print $1; exit }')
off=$([ $# = 2 ] && printf '%x' $((16#$2 - 16#$1)))
[ -n "$off" ] || { echo "no hlt in _start"; exit 1; }
echo "glob:"
"$dtrace" -q -c "$dir/lt_args" -n 'pid$target:a.out:_start: { lt_fired = 1; } END { printf("fired %d\n", lt_fired); }' 2>&1 | sed "s/pid[0-9]*:/pidN:/; s/:$off\$/:OFF/"
echo "named:"
"$dtrace" -q -c "$dir/lt_args" -n 'pid$target:a.out:_start:'"$off"' { } pid$target:a.out:_start:'"$off"', pid$target:a.out:lt_ten:entry { }' 2>&1 |
    sed "s/pid[0-9]*:/pidN:/; s/:$off\$/:OFF/"
