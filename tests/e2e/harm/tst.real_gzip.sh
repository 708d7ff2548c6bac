# gzip -c, traced as tst.real_sort.sh traces sort, writes the same bytes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_input 200
lt_real gzip gzip -c -n "$dir/input"
