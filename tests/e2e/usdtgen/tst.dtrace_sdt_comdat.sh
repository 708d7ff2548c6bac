# A probe call in an inline C++ function that two objects emit, each in a COMDAT group: -G
# puts each object's note in the function's group, so the linker keeps one site with the one
# copy it keeps (no note left pointing at a discarded copy), and both calls fire there.
dtrace=$1
. ./build_prog.sh
cd "$dir" || exit 1
for unit in 1 2; do
	c++ -O0 -DLT_UNIT=$unit -c -o lt_unit$unit.o "$lt_progs/lt_dt_inline.cc" || exit 1
done
"$dtrace" -G -o lt_dt_prov.o -s "$lt_progs/lt_dt.d" lt_unit1.o lt_unit2.o || exit 1
c++ -o lt_inline lt_unit1.o lt_unit2.o lt_dt_prov.o || exit 1
echo "sites: $(readelf -nW lt_inline | grep -c 'Name: lib$')"
"$dtrace" -q -c ./lt_inline -n 'lt_dt$target:::lib { printf("%s %d\n", probefunc, arg0); }'
