# A double argument ("8f@" spec): D has no floating-point arguments, so argN holds the double's
# bits (1.5 is 0x3ff8000000000000, 2.5 is 0x4004000000000000).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_float lt_float.c
"$dtrace" -q -c "$dir/lt_float" -n 'lt_float$target:::flt { printf("%x\n", arg0); }'
