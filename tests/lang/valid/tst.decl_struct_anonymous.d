/* A structure without a tag, used directly in a declaration. */
struct {
    int lt_a;
    int lt_b;
} lt_anon_var;

typedef struct {
    long lt_key;
    long lt_value;
} lt_pair_t;

BEGIN
{
    trace(sizeof(lt_anon_var));
    trace(sizeof(lt_pair_t));
}
