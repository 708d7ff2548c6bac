/* The line reported is that of the token after the value. */
enum lt_e {
    LT_A = "text"
};
