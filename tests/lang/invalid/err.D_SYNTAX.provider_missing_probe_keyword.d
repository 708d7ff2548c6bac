/* Probes in a provider are introduced by 'probe'. */
provider lt_prov { lt_p(); };
