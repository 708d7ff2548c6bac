/* void takes no attributes. */
signed void *lt_p;
