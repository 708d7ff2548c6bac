/* Pointers, pointers to pointers and qualified pointers. */
int *lt_p;
char **lt_pp;
void ***lt_ppp;
const char *lt_cs;
int * const lt_cp;
int * volatile * lt_vp;
char * restrict lt_rp;

BEGIN
{
    lt_p = (int *)arg0;
    lt_pp = (char **)arg1;
    trace(lt_p == 0);
}
