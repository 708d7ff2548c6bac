#pragma D option quiet
BEGIN { printf("hello\n"); exit(0); }
