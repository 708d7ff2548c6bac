# Records that do not fit in the principal buffer are dropped and reported as
# "dtrace: N drops on CPU C" (on stderr; nothing else is reported).
. "$(dirname "$0")/drops_flood.sh"
drops_flood "$1" ""
