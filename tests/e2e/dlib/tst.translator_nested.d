/* A member expression may itself translate; each translator sees only its own input. */
#pragma D option quiet
struct lt_inner { int lt_sq; };
struct lt_outer { int lt_val; };
translator struct lt_inner < int lt_a > { lt_sq = lt_a * lt_a; };
translator struct lt_outer < int lt_b > { lt_val = xlate <struct lt_inner> (lt_b + 1).lt_sq + lt_b; };
BEGIN
{
	printf("%d\n", xlate <struct lt_outer *> (3)->lt_val);
	exit(0);
}
