# ustack() in a C++ program: the frames demangled (a function template, a member function).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:*twice*:entry { ustack(3); }'
