# A library file is compiled whole, as DTrace compiles it, and then set aside: a probe clause in
# it is checked (an error fails every program that loads the library, naming the library's file
# and line) but never enabled. A library directory that does not exist is ignored.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir good undefined syntax
printf 'inline int LT_GOOD = 7;\n\nBEGIN\n{\n\tprintf("library clause\\n");\n}\n' > good/lt_good.d
printf 'BEGIN\n{\n\tlt_nonexistent();\n}\n' > undefined/lt_undefined.d
printf 'inline int LT_SYNTAX = 1;\nBEGIN\n{\n\tx = ;\n}\n' > syntax/lt_syntax.d
run() {
	echo "== $*"
	"$dtrace" "$@" 2>&1
	echo "status $?"
}
run -q -L good -n 'BEGIN { printf("%d\n", LT_GOOD); exit(0); }'
run -q -xlibdir=undefined -n 'BEGIN { exit(0); }'
run -q -L syntax -n 'BEGIN { exit(0); }'
printf 'BEGIN { exit(0); }\n' > lt_main.d
run -q -L ./undefined -s lt_main.d
run -q -L nonexistent -n 'BEGIN { printf("ignored\n"); exit(0); }'
