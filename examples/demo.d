/*
 * demo.d: what the default demo runs. For two seconds it traces the whole system with the
 * kernel providers: the programs started (proc), the files they open and the opens that fail
 * (syscall), the system calls made by each program, and where the CPUs were (profile). To
 * have something to watch it runs two commands itself, with system() (hence -w: destructive).
 *
 *   sudo bdtrace -s examples/demo.d
 */

#pragma D option quiet
#pragma D option destructive

BEGIN
{
	printf("Tracing the whole system for 2 seconds; running \"ls -l /etc\" and \"cat /etc/os-release\".\n\n");
	printf("%-7s %-7s %-12s %s\n", "PID", "PPID", "EVENT", "WHAT");
	system("ls -l /etc > /dev/null; cat /etc/os-release > /dev/null");
	start = timestamp;
}

proc:::exec-success
{
	printf("%-7d %-7d %-12s %s\n", pid, ppid, "exec", curpsinfo->pr_psargs);
}

/* The path is read at the return: by then the kernel has read it, so it is in memory. */
syscall::openat:entry
/execname == "ls" || execname == "cat"/
{
	self->path = arg1;
}

syscall::openat:return
/self->path && errno == 0/
{
	this->file = copyinstr(self->path);
	@opened[execname, strstr(this->file, "/locale/") == NULL ? this->file : "(locale files)"] = count();
}

syscall::openat:return
/self->path && errno != 0/
{
	@failed[execname, errno] = count();
}

syscall::openat:return
{
	self->path = 0;
}

syscall:::entry
{
	@calls[execname] = count();
}

proc:::exit
/execname == "ls" || execname == "cat"/
{
	printf("%-7d %-7d %-12s %s\n", pid, ppid, "exit", execname);
}

profile-997
{
	@where[arg0 != 0 ? "kernel" : "user"] = count();
}

tick-2s
{
	exit(0);
}

END
{
	printf("\nFiles opened by ls and cat:\n");
	printa("  %-6s %@2d  %s\n", @opened);
	printf("\nFailed opens by ls and cat (errno 2 is ENOENT: absent locale files):\n");
	printa("  %-6s errno %-3d %@3d times\n", @failed);
	printf("\nSystem calls by program (the busiest 5):\n");
	trunc(@calls, 5);
	printa("  %-16s %@8d\n", @calls);
	printf("\nProfile samples (997 Hz on every CPU) in the kernel and in user space:\n");
	printa("  %-8s %@8d\n", @where);
	printf("\ndone after %d ms\n", (timestamp - start) / 1000000);
}
