# copyout() and copyoutstr() are refused when the program is compiled: this kernel forbids
# writes to user memory. Nothing runs (no BEGIN output), the status is 1.
dtrace=$1
cd "${TMPDIR:-/tmp}" || exit 1
for f in 'copyout((void *)&`max_pfn, 0, 8)' 'copyoutstr("x", 0, 2)'; do
	printf 'BEGIN\n{\n\tprintf("ran\\n");\n\t%s;\n\texit(0);\n}\n' "$f" > copyout_e2e.d
	"$dtrace" -q -w -s copyout_e2e.d > copyout_e2e.out 2> copyout_e2e.err
	status=$?
	case $(head -1 copyout_e2e.err) in
	"dtrace: failed to compile script copyout_e2e.d: "*) when=compile ;;
	*) when="not at compile time: $(head -1 copyout_e2e.err)" ;;
	esac
	echo "status $status, refused $when, output [$(cat copyout_e2e.out)]"
done
rm -f copyout_e2e.d copyout_e2e.out copyout_e2e.err
