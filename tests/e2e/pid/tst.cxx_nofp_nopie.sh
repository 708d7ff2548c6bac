# The C++ target built without frame pointers and as a non-PIE executable: the same calls and
# return values of the member function and the template instances.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp -fomit-frame-pointer -no-pie
"$dtrace" -q -c "$dir/lt_cxx" -n '
pid$target:a.out:_ZNK2lt6Square4areaEv:return { @[probefunc, arg1] = count(); }
pid$target:a.out:_ZN2lt5twice*:return { @[probefunc, arg1] = count(); }'
