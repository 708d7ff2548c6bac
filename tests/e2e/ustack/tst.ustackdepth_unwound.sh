# ustackdepth as a recorded value counts the frames ustack() prints in the same firing, through
# the C library that has no frame pointers down to _start (six frames at lt_mid's entry, where
# the frame-pointer walk stops at main); with and without frame pointers in the program.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
for prog in lt_fp lt_nofp; do
	timeout 10 "$dtrace" -q -c "$dir/$prog loop" -n '
	pid$target:a.out:lt_mid:entry { printf("depth %d\n", ustackdepth); ustack(); exit(0); }' |
	    awk '/^depth/ { d = $2; next } NF { n++ } END { print d, n }'
done
