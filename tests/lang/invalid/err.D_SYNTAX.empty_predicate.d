/* A predicate needs an expression. */
BEGIN / / {
    exit(0);
}
