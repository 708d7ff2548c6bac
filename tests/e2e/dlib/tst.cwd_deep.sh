# A path deeper than __d_path walks (24 names) keeps its last names after "??".
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
p=$dir
for i in $(seq 30); do p=$p/d$i; done
mkdir -p "$p" && cd "$p" || exit 1
"$dtrace" -q -n 'BEGIN { printf("%s\n", cwd); exit(0); }'
