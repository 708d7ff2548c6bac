/* self and this are storage classes too. */
self this int lt_x;
