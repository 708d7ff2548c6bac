/* bufinfo_t and devinfo_t from struct bio and struct request: compiled, verified and loaded in a
 * clause that does not run (BEGIN's arg0 is 0); the io provider will give them real values. */
#pragma D option quiet
BEGIN
/arg0 != 0/
{
	trace(xlate <bufinfo_t *> ((struct bio *)arg0)->b_bcount);
	trace(xlate <bufinfo_t *> ((struct bio *)arg0)->b_flags & B_READ);
	trace(xlate <bufinfo_t *> ((struct bio *)arg0)->b_edev);
	trace(xlate <devinfo_t *> ((struct bio *)arg0)->dev_name);
	trace(xlate <devinfo_t *> ((struct bio *)arg0)->dev_major);
	trace(xlate <bufinfo_t *> ((struct request *)arg0)->b_blkno);
	trace(xlate <bufinfo_t *> ((struct request *)arg0)->b_edev);
}
BEGIN
{
	printf("%d\n", B_WRITE);
	exit(0);
}
