# dtrace SIGKILLed while it traces the command it started (-c): the command goes on and finishes
# with the right results (its output reaches dtrace's stdout, which it inherited), the kernel
# keeps none of dtrace's BPF programs and links (bpftool), and the USDT semaphore dtrace raised
# (lt_harm:::tick) is back to 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build
mkfifo "$dir/busy" "$dir/dtrace" || exit 1
"$dtrace" -q -c "$dir/lt_harm busy $dir/busy" \
	-n 'pid$target:a.out:lt_*:entry,pid$target:a.out:lt_*:return { @[probefunc] = count(); }' \
	-n 'lt_harm$target:::tick /!fired/ { fired = 1; printf("firing\n"); }' >"$dir/dtrace" 2>"$dir/err" &
bd=$!
lt_pids+=("$bd")
exec 3<"$dir/dtrace"
read -r _ target <"$dir/busy"
lt_pids+=("$target")
read -r line <&3
echo "dtrace: $line"
ids=$(lt_bpf_ids "$bd")
grep -q '^prog ' <<<"$ids" && grep -q '^link ' <<<"$ids" && echo "dtrace holds BPF programs and links"
kill -9 "$bd"
wait "$bd" 2>/dev/null
lt_bpf_gone "$ids" && echo "none of them is left in the kernel"
kill -USR2 "$target"
# The command's output, until it exits (the last writer of the FIFO).
cat <&3
