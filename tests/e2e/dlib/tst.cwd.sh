# cwd is the current process's working directory: dtrace's own in BEGIN.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/lt_outer/lt_inner"
cd "$dir/lt_outer/lt_inner" || exit 1
"$dtrace" -q -n 'BEGIN { printf("%s %d\n", basename(cwd), cwd == $$1); exit(0); }' "$(pwd -P)"
