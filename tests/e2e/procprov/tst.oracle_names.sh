# proc, sched and io probes are named after the kernel function where they fire (module
# vmlinux), and descriptions from Oracle Linux's tutorial and older kernels match them: a
# former name (_do_fork for kernel_clone) and kallsyms' spelling of a compiler's copy
# (do_execveat_common.isra.0). Probe ids vary with the kernel: cut off.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'proc::do_execveat_common:exec' -n 'proc::_do_fork:create' \
	-n 'proc::do_execveat_common.isra.0:exec-failure' -n 'sched:vmlinux:__schedule:off-cpu' \
	-n 'io::blk_mq_start_request:start' | sed -E 's/^ *[0-9]+//'
"$dtrace" -q -c "$dir/lt_proc fork 0" -n '
proc::_do_fork:create
/pid == $target/
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}'
