# A port another listener holds stops dtrace before tracing starts, with the reason; an
# address this machine does not have likewise.
dtrace=$1
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
exec 3< <(python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen()
print("listening", flush=True); time.sleep(30)' "$port")
holder=$!
read -r line <&3
"$dtrace" -x prometheus=127.0.0.1:"$port" -n 'BEGIN { exit(0); }' 2>&1 | sed "s/:$port:/:PORT:/"
echo "status ${PIPESTATUS[0]}"
kill "$holder"
"$dtrace" -x prometheus=192.0.2.1:9464 -n 'BEGIN { exit(0); }'
echo "status $?"
