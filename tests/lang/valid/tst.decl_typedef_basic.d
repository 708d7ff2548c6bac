/* typedef of integer types and use of the new names. */
typedef int lt_int_t;
typedef unsigned long long lt_u64_t;
typedef lt_u64_t lt_counter_t;
typedef char lt_name_t[16];

lt_int_t lt_a;
lt_counter_t lt_b;

BEGIN
{
    lt_a = 1;
    lt_b = (lt_counter_t)2;
    trace(sizeof(lt_name_t));
    trace((lt_int_t)lt_b + lt_a);
}
