# A hotuser-style script (DTraceToolkit's: user PCs of $target sampled by profile-N as integer
# keys, printed by printa() with %A, then summed by function): the samples land in lt_spin's
# functions, named. Only the functions that get most of the samples are checked: counts vary.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O2 -fomit-frame-pointer -o "$dir/lt_spin" "$(dirname "$0")/lt_spin.c" || exit 1
cat >"$dir/hot.d" <<'D'
#pragma D option quiet
profile:::profile-1001
/pid == $target/
{
	@pc[arg1] = count();
}

dtrace:::END
{
	printa("%-60A %@10d\n", @pc);
}
D
timeout 20 "$dtrace" -s "$dir/hot.d" -c "$dir/lt_spin" |
	awk 'NF == 2 { f = $1; sub(/\+0x[0-9a-f]+$/, "", f); n[f] += $2; t += $2 }
	     END { for (f in n) if (n[f] * 4 > t) print f }' | sort
