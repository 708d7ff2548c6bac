# date, traced as tst.real_sort.sh traces sort (the issue's case: every return probe of the
# dynamic linker killed it at its first lazily bound call), prints the same.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_real date date -u -d @86400
