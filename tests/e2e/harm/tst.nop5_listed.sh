# The probes a run leaves out because their site is a 5-byte NOP inside a function (on a kernel
# whose uprobe there would write into the red zone) are the ones -l names after its listing and
# -lv marks "Not Attached", and each is a `nopl 0x0(%rax,%rax,1)` of lt_harm (objdump). On a
# kernel that leaves the red zone alone all three lists are empty, and the output is the same.
# The USDT probe lt_harm:::nop5 sits on such a NOP too; the probe at the function's first
# instruction (entry) is never left out.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build
desc='pid$target:a.out:lt_rz_*:,lt_harm$target:::nop5'
names() { grep -o 'pid[0-9]*:lt_harm:lt_rz_[a-z]*:[0-9a-f]*\|lt_harm[0-9]*:lt_harm:lt_rz_usdt:nop5' | sed -E 's/^(pid|lt_harm)[0-9]+/\1/' | sort; }
"$dtrace" -l -n "$desc" -c "$dir/lt_harm" >"$dir/list" 2>"$dir/list.err"
names <"$dir/list.err" >"$dir/by_list"
"$dtrace" -lv -n "$desc" -c "$dir/lt_harm" >"$dir/listv" 2>/dev/null
awk '/^ *[0-9]+ /{ probe = $2 ":" $3 ":" $4 ":" $5 } /Not Attached/ { print probe }' "$dir/listv" |
	sed -E 's/^(pid|lt_harm)[0-9]+/\1/' | sort >"$dir/by_listv"
"$dtrace" -q -n "$desc"' { @ = count(); }' -c "$dir/lt_harm" >"$dir/run" 2>"$dir/run.err"
echo "run: status $?"
names <"$dir/run.err" >"$dir/by_run"
cmp -s "$dir/by_list" "$dir/by_run" && echo "-l and the run name the same probes"
cmp -s "$dir/by_list" "$dir/by_listv" && echo "-l and -lv name the same probes"
# Every pid probe named is on a 5-byte NOP, none is an entry probe.
f=
objdump -d --no-show-raw-insn "$dir/lt_harm" | while read -r a rest; do
	case $rest in
	'<lt_rz_'*'>:') f=${rest#<} f=${f%>:} base=$((16#$a)) ;;
	'nopl '*'0x0(%rax,%rax,1)') [ -n "$f" ] && printf 'pid:lt_harm:%s:%x\n' "$f" $((16#${a%:} - base)) ;;
	'') f= ;;
	esac
done | sort >"$dir/nops"
grep '^pid' "$dir/by_run" | comm -23 - "$dir/nops" | sed 's/^/not a 5-byte NOP: /'
grep -c 'entry' "$dir/by_run" | sed 's/^/entry probes left out: /'
