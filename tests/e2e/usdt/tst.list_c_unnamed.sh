# -l with -c lists the command's USDT probes for a description that does not name their
# provider, as DTrace does (-lf main, -lm with the module, -ln with the name, a provider glob):
# the providers of a process exist once it is created. pid probes still need pid$target.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
for desc in "-f main" "-f mai*" "-m lt_usdt" "-n func-entry" "-n lt_usd*:::zero"; do
	echo "== $desc"
	"$dtrace" -c "$dir/lt_usdt" -l $desc | sed -E 's/^ +[0-9]+ /   ID /; s/lt_usdt[0-9]+/lt_usdtPID/'
done
