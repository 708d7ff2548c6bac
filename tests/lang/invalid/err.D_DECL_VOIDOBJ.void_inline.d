/* An inline cannot have type void. */
inline void LT_V = 0;
