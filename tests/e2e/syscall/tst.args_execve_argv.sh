# execve(const char *filename, const char *const *argv, const char *const *envp): argv is a
# user pointer to user pointers, so args[1][1] reads both levels from the process. env(1),
# started by -c (its own exec is done before tracing starts), execs true with known arguments.
dtrace=$1
"$dtrace" -q -c "/usr/bin/env /bin/true lt-a lt-b" -n 'syscall::execve:entry /pid == $target/ { printf("%s %s %s\n", stringof(args[0]), stringof(args[1][1]), copyinstr((uintptr_t)args[1][2])); }'
