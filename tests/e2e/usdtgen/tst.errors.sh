# -h and -G refuse bad input in DTrace's words (usage errors exit 2, the others 1) and leave
# no output file behind.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
printf 'provider lt {\n\tprobe one(int);\n};\n' >lt.d
cp lt.d lt.other.d
cp lt.d lt.txt
printf 'provider lt {\n\tprobe one(int);\n\tprobe named(userland int *);\n};\n' >lt_userland.d
printf 'provider lt {\n\tprobe one(int)\n};\n' >lt_syntax.d
echo 'not an object' >notelf.o
run() {
	echo "== $*"
	"$dtrace" "$@" 2>&1
	echo "status $?"
}
run -h -G -s lt.d
run -h
run -G
run -h -n BEGIN
run -h -s lt.d -s lt.other.d
run -h -s lt.txt
run -h -s lt_userland.d
run -G -s lt_userland.d
run -h -s lt_syntax.d
run -h -s lt.d -o nodir/lt.h
run -G -s lt.d -o nodir/lt.o
run -G -s lt.d missing.o
run -G -s lt.d notelf.o
run -32 -G -s lt.d
ls
