#pragma D option quiet
struct s { char a; int b; long c; };
BEGIN { printf("%d %d %d %d\n", sizeof (int), sizeof (struct s), offsetof(struct s, c), sizeof (uint16_t)); exit(0); }
