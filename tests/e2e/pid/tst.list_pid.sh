# -l lists pid probes of a -c command: ID, provider pid<N>, module (the executable's file
# name), function, name, one description after the other (DTrace lists each statement's
# description in program order, dt_compile_clause / list_stmt). The probe ID and the pid change
# from run to run: the .sed drops them.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -l -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:entry,pid$target:a.out:lt_work:return'
