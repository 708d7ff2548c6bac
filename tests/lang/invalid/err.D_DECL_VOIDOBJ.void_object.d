/* A variable cannot have type void. */
void lt_v;
