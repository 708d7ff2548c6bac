/* An inline array needs a key signature. */
inline int LT_A[] = 1;
