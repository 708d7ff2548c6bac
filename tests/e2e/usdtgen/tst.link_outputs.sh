# What -G writes: per script, an object named after it in the current directory (DTrace's
# basename rule; "d.out" for a description); with -o, one object for every script. The
# objects after the script are left as they were (sys/sdt.h probe sites need no rewriting).
# Semaphores are hidden, or shared when -D defines STAP_SDT_V2 (SystemTap's rule, which QEMU
# relies on).
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/src" "$dir/out" && cd "$dir/out" || exit 1
printf 'provider lta {\n\tprobe one(int);\n};\n' >../src/lta.d
printf 'provider ltb {\n\tprobe two__words(char *, int);\n};\n' >../src/ltb.d
printf 'int lt_site(void) { return 0; }\n' >../src/site.c
cc -c -o site.o ../src/site.c || exit 1
cp site.o site.before
# By name: the linker (ld -r) orders the symbol table its own way.
syms() { readelf -sW "$1" | awk -v f="$1" '$5 == "GLOBAL" { print f ": " $8, $6, $4, "size=" $3 }' | sort; }

"$dtrace" -G -s ../src/lta.d -s ../src/ltb.d site.o || exit 1
cmp site.o site.before && echo "site.o unchanged"
syms lta.o
syms ltb.o
"$dtrace" -G -n 'BEGIN{}' || exit 1
syms d.out
echo "d.out: $(readelf -h d.out | awk '/Type:/ { print $2 }')"
"$dtrace" -G -s ../src/lta.d -s ../src/ltb.d -o both.o site.o || exit 1
syms both.o
"$dtrace" -DSTAP_SDT_V2 -G -s ../src/ltb.d -o shared.o || exit 1
syms shared.o
ls
