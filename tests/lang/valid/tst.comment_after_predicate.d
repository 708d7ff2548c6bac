/* A comment right after the closing slash of a predicate. */
BEGIN
/1/ /* the predicate is over */ {
    exit(0);
}
