/* A target that does nothing: main returns 3 at once. */
int main(void) { return 3; }
