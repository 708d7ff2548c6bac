/* A declared name may not start with a digit. */
int 2nd_value;
