/* Declarations cannot have initialisers. */
int lt_x = 5;
