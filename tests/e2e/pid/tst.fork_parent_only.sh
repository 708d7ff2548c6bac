# pid probes are not inherited: the forked child's 5 calls of lt_work(2) never fire, the
# parent's 3 before the fork and 2 after it do.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_fork lt_fork.c
"$dtrace" -q -c "$dir/lt_fork" -n 'pid$target:a.out:lt_work:entry { @[arg0] = count(); }'
