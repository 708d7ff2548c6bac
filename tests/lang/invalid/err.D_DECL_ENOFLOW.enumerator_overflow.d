/* Enumerators are ints. */
enum lt_e { LT_BIG = 2147483648 };
