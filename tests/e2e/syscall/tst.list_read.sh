# dtrace -l -n syscall::read: lists read's entry and return probes (module vmlinux).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n syscall::read: | sed -E 's/^ +[0-9]+ /   ID /'
