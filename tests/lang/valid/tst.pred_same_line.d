/* Description, predicate and body on one line. */
BEGIN /1/ { exit(0); }
