/* Neither is register (the type defaults to int). */
register lt_r;
