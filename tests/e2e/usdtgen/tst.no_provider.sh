# A script that defines no provider still links and still makes a header, as in DTrace:
# CPython's configure decides whether DTrace probes need -G by running
# "dtrace $DFLAGS -G -s conftest.d -o conftest.o" on "BEGIN{}". The data-model flag builds
# pass (-64) and SystemTap's --types are accepted.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
echo 'BEGIN{}' >conftest.d
"$dtrace" -64 -G -s conftest.d -o conftest.o && echo "conftest.o: $(readelf -h conftest.o | awk '/Type:/ { print $2 }')"
readelf -sW conftest.o | awk '$5 == "GLOBAL"' | wc -l
"$dtrace" --types -h -s conftest.d && echo 'int main(void) { return 0; }' | cat conftest.h - >main.c &&
	cc -Wall -Werror -o main main.c conftest.o && ./main && echo "conftest.h compiles"
