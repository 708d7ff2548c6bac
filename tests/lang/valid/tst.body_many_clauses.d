/* A program made of many small clauses. */
BEGIN { lt_a = 1; }
BEGIN { lt_b = 2; }
BEGIN { lt_c = lt_a + lt_b; }
END { trace(lt_c); }
tick-1s { exit(0); }
