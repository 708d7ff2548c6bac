/* Output parameters must name input parameters. */
provider lt_prov { probe lt_p(int lt_a) : (int lt_b); };
