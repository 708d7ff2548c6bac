/* char cannot be long or short. */
long char lt_c;
