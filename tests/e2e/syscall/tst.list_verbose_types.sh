# dtrace -lv lists read's parameter types as tracefs spells them, and the return value's type
# for arg0 and arg1 at its return.
dtrace=$1
"$dtrace" -lv -n syscall::read:entry | sed -n '/Argument Types/,$p'
"$dtrace" -lv -n syscall::read:return | sed -n '/Argument Types/,$p'
