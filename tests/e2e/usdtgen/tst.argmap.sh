# A provider definition that maps its arguments (probe place(int i, int j) : (int j, int i,
# int i, int j)), built with the header -h makes (SystemTap's sys/sdt.h: the notes hold the
# native arguments): -G records the mapping in its object, and the probe's arguments are the
# mapped ones when traced.
dtrace=$1
. ./build_prog.sh
cd "$dir" || exit 1
printf 'provider lt_map {\n\tprobe place(int i, int j) : (int j, int i, int i, int j);\n};\n' >lt_map.d
printf '#include "lt_map.h"\nint main(void) { LT_MAP_PLACE(10, 4); return 0; }\n' >lt_map_main.c
"$dtrace" -h -s lt_map.d || exit 1
cc -O2 -c lt_map_main.c || exit 1
"$dtrace" -G -s lt_map.d lt_map_main.o || exit 1
cc -o lt_map_prog lt_map_main.o lt_map.o || exit 1
"$dtrace" -q -c ./lt_map_prog -n 'lt_map$target:::place { printf("%d %d %d %d\n", arg0, arg1, arg2, arg3); }'
