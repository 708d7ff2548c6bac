# -x stackframes bounds stack() without an argument: with 1, no stack shows a second frame.
dtrace=$1
"$dtrace" -q -x stackframes=1 -n 'profile-997 { @[stack()] = count(); } tick-200ms { exit(0); }' |
    awk '/`/ { frames++ } /^ *[0-9]+$/ { if (frames > 1) bad = 1; frames = 0; stacks++ }
         END { print (stacks > 0 && !bad) ? "one frame per stack" : "wrong" }'
