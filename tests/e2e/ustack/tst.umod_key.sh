# umod() keys are merged on the module: every function of the program is one entry.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n 'pid$target:a.out:lt_*:entry { @[umod(uregs[R_PC])] = count(); }'
