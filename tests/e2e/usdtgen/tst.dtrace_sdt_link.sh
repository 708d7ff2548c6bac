# dtrace -G over objects built with DTrace's sys/sdt.h, as builds run it: again over an object
# it rewrote already, it finds nothing left to do and leaves the file as it is (make runs it
# again); a call of a probe the script does not define is refused in DTrace's words, the object
# left as it was; an object built with SystemTap's sys/sdt.h is not written at all.
dtrace=$1
. ./build_prog.sh
cd "$dir" || exit 1
cp "$lt_progs/lt_dt.d" . || exit 1
for f in main lib; do
	cc -O2 -I"$lt_progs/dtrace_sdt" -c -o lt_dt_$f.o "$lt_progs/lt_dt_$f.c" || exit 1
done
"$dtrace" -G -o prov.o -s lt_dt.d lt_dt_main.o lt_dt_lib.o || exit 1
first=$(cat lt_dt_main.o lt_dt_lib.o | md5sum)
"$dtrace" -G -o prov.o -s lt_dt.d lt_dt_main.o lt_dt_lib.o
echo "again: status $?"
[ "$(cat lt_dt_main.o lt_dt_lib.o | md5sum)" = "$first" ] && echo "again: unchanged"
cc -o lt_dt lt_dt_main.o lt_dt_lib.o prov.o && ./lt_dt

printf '#include <sys/sdt.h>\nvoid f(void) { DTRACE_PROBE(lt_dt, nope); }\n' >nope.c
printf '#include <sys/sdt.h>\nvoid g(void) { DTRACE_PROBE(other, zero); }\n' >other.c
for f in nope other; do
	cc -I"$lt_progs/dtrace_sdt" -c -o $f.o $f.c || exit 1
	before=$(md5sum <$f.o)
	"$dtrace" -G -o prov.o -s lt_dt.d $f.o 2>&1
	echo "$f: status $?"
	[ "$(md5sum <$f.o)" = "$before" ] && echo "$f: unchanged"
done

printf '#include <sys/sdt.h>\nvoid s(void) { DTRACE_PROBE(lt_dt, zero); }\n' >stap.c
cc -c -o stap.o stap.c || exit 1
before=$(md5sum <stap.o)
"$dtrace" -G -o prov.o -s lt_dt.d stap.o
echo "systemtap: status $?"
[ "$(md5sum <stap.o)" = "$before" ] && echo "systemtap: unchanged"
