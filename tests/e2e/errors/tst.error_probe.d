#pragma D option quiet
BEGIN { x = 0; y = 1 / x; }
ERROR { printf("ERROR: epid=%d action=%d fault=%d addr=%x\n", arg1, arg2, arg4, arg5); }
BEGIN { p = (int *)8; printf("%d\n", *p); }
BEGIN { exit(0); }
