/* long applies only to integer and floating-point types. */
long string lt_s;
