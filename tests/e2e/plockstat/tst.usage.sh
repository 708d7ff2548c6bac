# Usage errors, in plockstat's words, with status 2; a missing command is an error (1).
. "$(dirname "$0")/build_prog.sh"
"$plockstat" 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"
"$plockstat" -n x true 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"
"$plockstat" -e -1 true 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"
"$plockstat" -p 1 2 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"
"$plockstat" -p x 2>&1 | head -1; echo "status ${PIPESTATUS[0]}"
"$plockstat" -x nosuchoption=1 true 2>&1; echo "status $?"
"$plockstat" /nonexistent/lt_nothing 2>&1; echo "status $?"
