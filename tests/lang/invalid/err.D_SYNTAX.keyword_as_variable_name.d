/* A keyword cannot name a variable. */
int if;
