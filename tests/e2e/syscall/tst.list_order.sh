# Probes are listed in system call number order, entry before return.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n syscall::read: -n syscall::write: -n syscall::open: -n syscall::close: | awk 'NR > 1 { print $4, $5 }'
