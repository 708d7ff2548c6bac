/* An inline may not have a storage class. */
inline extern int LT_X = 1;
