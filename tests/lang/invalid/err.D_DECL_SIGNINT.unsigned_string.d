/* signed and unsigned apply only to integers. */
unsigned string lt_s;
