/* An enumerator may not contain the scoping operator. */
enum lt_e { LT`A };
