#pragma D option quiet
BEGIN { x = 0; printf("%d\n", 1 / x); }
BEGIN { printf("after\n"); exit(0); }
