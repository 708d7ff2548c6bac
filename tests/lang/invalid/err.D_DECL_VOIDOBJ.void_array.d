/* An array cannot have void elements. */
void lt_va[2];
