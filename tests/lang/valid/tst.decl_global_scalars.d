/* Declared global variables of the basic types. */
int lt_i;
char lt_c;
short lt_s;
long lt_l;
long long lt_ll;
string lt_str;
uint64_t lt_u64;

BEGIN
{
    lt_i = 1;
    lt_c = 'x';
    lt_s = 2;
    lt_l = 3;
    lt_ll = 4;
    lt_str = "declared";
    lt_u64 = 5;
    trace(lt_i + lt_c + lt_s + lt_l + lt_ll + lt_u64);
    trace(lt_str);
}
