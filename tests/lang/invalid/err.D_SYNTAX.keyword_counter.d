/* counter is reserved. */
counter lt_c;
