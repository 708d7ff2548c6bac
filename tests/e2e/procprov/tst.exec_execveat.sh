# proc:::exec and exec-failure fire for execveat(2) too (fexecve, runc and systemd call it):
# args[0] is its path argument, the second; exec-success follows the one that succeeds.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc execat /bin/true a b" -n 'proc:::exec /progenyof($target)/ { printf("exec %s %d\n", args[0], ppid == $target); } proc:::exec-success /progenyof($target) && pid != $target/ { printf("exec-success %s\n", execname); }'
"$dtrace" -q -c "$dir/lt_proc execat /lt_no/such/file" -n 'proc:::exec /progenyof($target)/ { printf("exec %s\n", args[0]); } proc:::exec-failure /progenyof($target)/ { printf("exec-failure %d\n", args[0] == ENOENT); }'
