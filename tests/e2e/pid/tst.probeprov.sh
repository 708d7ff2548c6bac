# probeprov is the provider with the process's pid (pid<N>), the same as "pid" plus $target.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_first:entry { printf("%s\n", probeprov == strjoin("pid", lltostr($target)) ? "pid$target" : probeprov); }'
