/* Integer types written with every combination of keywords. */
signed char lt_a;
unsigned char lt_b;
short int lt_c;
signed short lt_d;
unsigned short int lt_e;
signed lt_f;
unsigned lt_g;
signed int lt_h;
unsigned int lt_i;
long int lt_j;
unsigned long lt_k;
signed long int lt_l;
long long int lt_m;
unsigned long long lt_n;
signed long long int lt_o;
int long lt_p;
long unsigned int lt_q;

BEGIN
{
    exit(0);
}
