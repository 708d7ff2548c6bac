/* Input parameter names must be unique. */
provider lt_prov { probe lt_p(int lt_a, long lt_a); };
