# A ustack() record of a system-wide probe in a program that has exited by the time the record
# is printed (system() in BEGIN returns once both runs are over): the frames are named from the
# address space rebuilt from the process watch's reports, taken when the record is printed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
"$dtrace" -w -q -n '
pid*:$1:lt_once:entry /arg0 == 1/ { ustack(); }
pid*:$1:lt_done:entry { exit(0); }
BEGIN { system("%s; %s done", $$1, $$1); }' "$dir/lt_short"
