/* An unnamed bit-field is reported as (anon). */
struct lt_bf {
    float : 3;
};
