/* An enumerator needs an integer constant. */
enum lt_e { LT_A = "text" };
