/* A declared name may not contain the scoping operator. */
int lt`counter;
