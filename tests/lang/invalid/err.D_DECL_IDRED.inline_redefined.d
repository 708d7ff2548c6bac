/* An inline cannot be defined twice. */
inline int LT_X = 1;
inline int LT_X = 2;
