# A description that matches nothing: -l implies -Z, so it compiles; listing it says so on
# stderr (dtrace.c: list_stmt) and goes on with the next one. dtrace still exits 0.
dtrace=$1
"$dtrace" -l -n lt_nosuch -n END -P lt_none
echo "status $?"
