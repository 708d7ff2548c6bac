#pragma D option quiet
BEGIN { printf("%d %s\n", curthread->pid == tid, curthread->comm); exit(0); }
