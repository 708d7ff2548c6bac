# -G passes the object it writes through the linker -x ldpath names, as `LD -o FILE -r INPUT`
# run by the shell, as DTrace's -G does; a linker that cannot run fails the link in DTrace's
# words (the shell's own complaint first) and leaves no object behind.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
printf 'provider lt {\n\tprobe one(int);\n};\n' >lt.d
printf '#!/bin/sh\necho "lt_ld: $1 $2 $3"\nexec ld "$@"\n' >lt_ld.sh
chmod +x lt_ld.sh
"$dtrace" -G -s lt.d -x ldpath=./lt_ld.sh
echo "status $?"
readelf -s lt.o | grep -c ' lt_one_semaphore$'
rm -f lt.o
"$dtrace" -G -s lt.d -x ldpath=/nonexistent/ld 2>&1 | sed -E 's|^.*: /nonexistent/ld: .*$|(the shell: /nonexistent/ld not found)|'
echo "status ${PIPESTATUS[0]}"
ls
