# Usage errors, in plockstat's words, with status 2; errors of the run itself with status 1.
. "$(dirname "$0")/build_prog.sh"
lt_try() {
	"$plockstat" "$@" >"$dir/out" 2>&1
	echo "status $? $(head -1 "$dir/out")"
}
lt_try
lt_try -n x true
lt_try -e -1 true
lt_try -s 0 true
lt_try -p 1 2
lt_try -p x
lt_try -Q true
lt_try -x nosuchoption=1 true
lt_try /nonexistent/lt_nothing
