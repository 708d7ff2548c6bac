/* Pointer values keep their type: arithmetic on the element scales by the target's size. */
#pragma D option quiet

BEGIN
{
	lt_p["x"] = (int *)0x1000;
	lt_p["x"] += 2;
	printf("%x %x\n", (uint64_t)lt_p["x"], (uint64_t)lt_p["y"]);
	exit(0);
}
