# Calls whose kernel function has another name are listed under their own names (stat is sys_newstat, umount2 sys_umount), and calls newer than the 6.1 headers too (mseal, Linux 6.10).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n syscall::stat:entry -n syscall::umount2:entry -n syscall::mseal:entry | sed -E 's/^ +[0-9]+ /   ID /'
