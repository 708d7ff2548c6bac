/* Casts to integer types spelled with keywords. */
BEGIN
{
    lt_v = 300;
    lt_c = (char)lt_v;
    lt_sc = (signed char)lt_v;
    lt_uc = (unsigned char)lt_v;
    lt_s = (short)lt_v;
    lt_si = (short int)lt_v;
    lt_us = (unsigned short)lt_v;
    lt_i = (int)lt_v;
    lt_si2 = (signed)lt_v;
    lt_ui = (unsigned)lt_v;
    lt_ui2 = (unsigned int)lt_v;
    lt_l = (long)lt_v;
    lt_li = (long int)lt_v;
    lt_ul = (unsigned long)lt_v;
    lt_ll = (long long)lt_v;
    lt_ull = (unsigned long long)lt_v;
    lt_slli = (signed long long int)lt_v;
    trace(lt_c + lt_uc + lt_s + lt_l + lt_ull);
}
