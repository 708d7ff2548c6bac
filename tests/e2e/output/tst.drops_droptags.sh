# With -x droptags, a drop report starts with the kind of drop, as DTrace's does:
# "dtrace: [DTRACEDROP_PRINCIPAL] N drops on CPU C".
. "$(dirname "$0")/drops_flood.sh"
drops_flood "$1" "[DTRACEDROP_PRINCIPAL] " -x droptags
