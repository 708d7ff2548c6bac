/* Probe arguments cannot end in '...'. */
provider lt_prov { probe lt_p(int, ...); };
