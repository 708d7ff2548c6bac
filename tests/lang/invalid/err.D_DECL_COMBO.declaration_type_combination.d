/* Two base types in one declaration. */
char float lt_v;
