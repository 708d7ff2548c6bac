/* Only one storage class per declaration. */
extern static int lt_x;
