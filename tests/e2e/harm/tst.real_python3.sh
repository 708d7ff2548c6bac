# python3 prints the same while every entry and return probe of the dynamic linker and every
# instruction of getenv are traced (its start-up calls libc's str* and mem* some 60,000 times:
# those are the other real programs' part).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_probes='pid$target:ld-linux-x86-64.so.2::entry,pid$target:ld-linux-x86-64.so.2::return,pid$target:libc.so.6:getenv:'
lt_real python3 python3 -S -I -c "print(sum(range(1000)),len(__import__('json').dumps(list(range(300)))))"
