# -l lists io's start, done, wait-start and wait-done (module vmlinux, no function, as Oracle
# Linux's); -lv gives their argument types.
dtrace=$1
"$dtrace" -l -P io | sed -E 's/^ +[0-9]+ /   ID /'
"$dtrace" -lv -n io:::done | sed -E 's/^ +[0-9]+ /   ID /'
