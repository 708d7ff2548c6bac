/* Not even to floating-point types. */
signed float lt_f;
