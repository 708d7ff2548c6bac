#pragma D option quiet
BEGIN /1 == 2/ { printf("not printed\n"); }
BEGIN /1 == 1/ { printf("printed\n"); }
BEGIN { exit(0); }
