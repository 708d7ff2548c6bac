# execname compared with a string constant, in a predicate the entry decides before anything
# else (one clause, nothing but the comparison) and in one the clause decides (it also reads
# arg0), for names that fill one comm word, spill one byte into the second, fill the comm, and
# exceed it (the kernel keeps 15 characters): a prefix or a longer name never matches.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
check() {  # NAME WANT: does the program NAME see execname == "WANT" (and != "WANT")?
	cp "$dir/lt_proc" "$dir/$1"
	for extra in "" " && arg0 >= -1"; do
		"$dtrace" -q -c "$dir/$1 nap" -n "
		    syscall::clock_nanosleep:entry,syscall::nanosleep:entry /execname == \"$2\"$extra/ { n++; }
		    END { printf(\"%s == %s%s: %d\n\", \"$1\", \"$2\", \"$extra\" == \"\" ? \"\" : \" (in the clause)\", n > 0); }"
	done
	"$dtrace" -q -c "$dir/$1 nap" -n "
	    syscall::clock_nanosleep:entry,syscall::nanosleep:entry /execname != \"$2\" && pid == \$target/ { n++; }
	    END { printf(\"%s != %s: %d\n\", \"$1\", \"$2\", n > 0); }"
}
{
	check lt_nap7 lt_nap7
	check lt_nap7 lt_nap
	check lt_nap_8 lt_nap_8
	check lt_nap_8 lt_nap_
	check abcdefghijklmno abcdefghijklmno
	check abcdefghijklmnop abcdefghijklmno
	check abcdefghijklmnop abcdefghijklmnop
} | grep .
