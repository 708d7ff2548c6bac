# -lv: a probe with a semaphore says where the semaphore is.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
"$dtrace" -lv -n 'lt_sem$target:::tick' -c "$dir/lt_sem" | grep -A1 'Call Sites' | sed -E 's/0x[0-9a-f]+/X/g'
