/* Inline associative arrays with named parameters. */
inline int lt_twice[int lt_v] = lt_v * 2;
inline string lt_pick[int lt_k, string lt_a] = lt_k ? lt_a : "none";

BEGIN
{
    trace(lt_twice[21]);
    trace(lt_pick[1, "yes"]);
}
