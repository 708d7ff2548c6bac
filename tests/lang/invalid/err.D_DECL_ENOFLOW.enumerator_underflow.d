/* Too small a value is reported with the same text. */
enum lt_e { LT_SMALL = -2147483649 };
