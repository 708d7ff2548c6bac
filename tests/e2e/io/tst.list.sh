# -l lists io's start and done (module vmlinux, no function, as Oracle Linux's); -lv gives their
# argument types; wait-start and wait-done are not offered.
dtrace=$1
"$dtrace" -l -P io | sed -E 's/^ +[0-9]+ /   ID /'
"$dtrace" -lv -n io:::done | sed -E 's/^ +[0-9]+ /   ID /'
