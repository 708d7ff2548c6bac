# dtrace -lv: the syscall provider's stability attributes, and openat's parameter types as its
# tracefs format spells them.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -lv -n syscall::openat:entry | sed -E 's/^ +[0-9]+ /   ID /'
