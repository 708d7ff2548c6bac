# dtrace -lv: the syscall provider's stability attributes; the arguments are untyped.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -lv -n syscall::openat:entry | sed -E 's/^ +[0-9]+ /   ID /'
