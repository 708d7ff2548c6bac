/* static is a C storage class that D does not support. */
static int lt_x;
