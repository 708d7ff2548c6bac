/* A closing brace where a declaration expects ';'. */
int lt_x }
