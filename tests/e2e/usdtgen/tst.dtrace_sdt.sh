# A program built with DTrace's own sys/sdt.h (progs/dtrace_sdt: each probe is a call of
# __dtrace_<provider>___<name>) and dtrace -G: -G rewrites the calls in the objects into probe
# sites with notes, the program and its library link (-z defs: nothing left undefined), run
# untraced (the is-enabled test says 0), and traced with -c every probe fires where it was
# called, with its arguments: registers, the stack (twelve arguments), a string, a translated
# argument list (: (int j, int i, int i, int j)), an is-enabled test, a tail call, a library.
dtrace=$1
. ./build_prog.sh
cd "$dir" || exit 1
inc="-I$lt_progs/dtrace_sdt"
cc -O2 $inc -c -o lt_dt_main.o "$lt_progs/lt_dt_main.c" || exit 1
cc -O2 -fPIC $inc -c -o lt_dt_lib.o "$lt_progs/lt_dt_lib.c" || exit 1
"$dtrace" -G -o lt_dt_libprov.o -s "$lt_progs/lt_dt.d" lt_dt_lib.o || exit 1
cc -shared -z defs -o liblt_dt.so lt_dt_lib.o lt_dt_libprov.o || exit 1
"$dtrace" -G -o lt_dt_prov.o -s "$lt_progs/lt_dt.d" lt_dt_main.o || exit 1
cc -o lt_dt lt_dt_main.o lt_dt_prov.o -L. -llt_dt -Wl,-rpath,"$dir" || exit 1
echo "untraced:"
./lt_dt
echo "traced:"
"$dtrace" -q -c "./lt_dt result" -n '
lt_dt$target:::zero { printf("%s:%s:%s\n", probemod, probefunc, probename); }
lt_dt$target:::two { printf("two %d %d\n", arg0, arg1); }
lt_dt$target:::twelve {
	printf("twelve %d %d %d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5,
	    arg6, arg7, arg8, arg9, args[10], args[11]);
}
lt_dt$target:::str { printf("str %s\n", copyinstr(arg0)); }
lt_dt$target:::mapped { printf("mapped %d %d %d %d\n", arg0, arg1, arg2, arg3); }
lt_dt$target:::guarded { printf("guarded %d\n", arg0); }
lt_dt$target:::tail { printf("%s:%s %d\n", probefunc, probename, arg0); }
lt_dt$target:::lib { printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg0); }
'
cat result
