/* A structure defined and a variable declared in one declaration. */
struct lt_rec {
    int lt_id;
    string lt_label;
} lt_record, *lt_recp;

BEGIN
{
    trace(sizeof(lt_record));
}
