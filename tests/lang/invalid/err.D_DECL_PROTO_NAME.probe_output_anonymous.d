/* Parameters of a probe's output list must be named. */
provider lt_prov { probe lt_p(int lt_a) : (int); };
