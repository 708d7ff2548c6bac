# -L adds a directory of D libraries: its files, and those of its X.Y folders for kernels from
# X.Y on, ordered by depends_on library, are known to the program beside the system library.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/2.6" "$dir/999.0"
echo 'inline int LT_BASE = 40;' > "$dir/lt_base.d"
printf '#pragma D depends_on library lt_base.d\ninline int LT_MORE = LT_BASE + 2;\n' > "$dir/2.6/lt_more.d"
echo 'inline int LT_MORE = 0;' > "$dir/999.0/lt_more.d"
"$dtrace" -q -L "$dir" -n 'BEGIN { printf("%d %d %d\n", LT_BASE, LT_MORE, ENOENT); exit(0); }'
