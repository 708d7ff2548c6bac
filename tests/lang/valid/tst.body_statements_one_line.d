/* Several statements on one line. */
BEGIN { lt_a = 1; lt_b = 2; lt_c = lt_a * lt_b; trace(lt_c); exit(0); }
