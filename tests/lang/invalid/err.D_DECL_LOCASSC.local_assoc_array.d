/* Clause-local variables cannot be associative arrays. */
this int lt_a[int];
