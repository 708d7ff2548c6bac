/* An inline needs '=' and a value. */
inline int LT_X;
