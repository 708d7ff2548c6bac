# sha256sum, traced as tst.real_sort.sh traces sort, prints the same digest.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_input 200
lt_real sha256sum sha256sum "$dir/input"
