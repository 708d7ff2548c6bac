# A C++ program built without frame pointers: every frame, demangled.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_cxx_nofp" -n 'pid$target:a.out:*twice*:entry { ustack(3); }'
