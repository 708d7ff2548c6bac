# A probe two descriptions of one clause match (by its name and by a glob) runs the clause once
# for each, as DTrace enables each description on its own; the probe of one description runs it
# once. Two calls of lt_ten: 4 firings of the first clause, 2 of the second.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -q -c "$dir/lt_args" -n '
pid$target:a.out:lt_ten:entry, pid$target:a.out:lt_t*:entry { @["both"] = count(); }
pid$target:a.out:lt_ten:entry, pid$target:a.out:main:entry { @["one"] = count(); }
pid$target:a.out:main:entry { @["main"] = count(); }'
