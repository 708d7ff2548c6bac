# dtrace -l lists the proc provider's probes (ids vary with the kernel's tracepoints: cut off).
dtrace=$1
"$dtrace" -l -n 'proc:::' | sed -E 's/^ *[0-9]+//'
