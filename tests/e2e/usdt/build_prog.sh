# Sourced by the USDT tests: builds the target programs of progs/ (sys/sdt.h probes, from
# systemtap-sdt-dev) into a temporary directory of the test's own, and cleans up after it.
#
#   lt_build OUT [SOURCE | FLAG]...   compile progs/SOURCE... into $dir/OUT at -O2 (a probe's
#                                     arguments then live in registers, memory and constants,
#                                     and inlined probes have several sites); flags are passed
#                                     on: -shared -fPIC, -L$dir -llt_lib, -ldl ...
#   lt_start OUT [ARG]...             start $dir/OUT wait FIFO ARG... in the background and
#                                     return once it has said "ready" through FIFO (it then waits
#                                     for SIGUSR1: ../pid/progs/lt_wait.h); its pid is in
#                                     $lt_pid, its stdout goes to the file $lt_out
#
# The processes started here are killed on exit; a test never waits for anything with a sleep.
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
lt_pid_progs=$(cd "$lt_progs/../../pid/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
lt_pids=()
lt_cleanup() {
	for p in "${lt_pids[@]}"; do { kill -9 "$p" && wait "$p"; } 2>/dev/null; done
	rm -rf "$dir"
}
trap lt_cleanup EXIT

lt_build() {
	local out=$1 cc=cc a
	local args=()
	shift
	for a in "$@"; do
		case $a in
		-*) args+=("$a") ;;
		*.cpp) cc=c++; args+=("$lt_progs/$a") ;;
		*) args+=("$lt_progs/$a") ;;
		esac
	done
	"$cc" -O2 -fcf-protection=none -I"$lt_progs" -I"$lt_pid_progs" -o "$dir/$out" "${args[@]}" \
		-Wl,-rpath,"$dir" || exit 1
}

lt_nfifo=0
lt_start() {
	local prog=$1 fifo line
	shift
	lt_nfifo=$((lt_nfifo + 1))
	fifo=$dir/ready.$lt_nfifo
	mkfifo "$fifo" || exit 1
	lt_out=$dir/$prog.out.$lt_nfifo
	"$dir/$prog" wait "$fifo" "$@" >"$lt_out" &
	lt_pid=$!
	lt_pids+=("$lt_pid")
	read -r line <"$fifo"
	[ "$line" = ready ] || { echo "$prog did not start" >&2; exit 1; }
}
