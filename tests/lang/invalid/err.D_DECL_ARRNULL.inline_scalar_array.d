/* An inline cannot be a scalar array. */
inline int LT_A[4] = 1;
