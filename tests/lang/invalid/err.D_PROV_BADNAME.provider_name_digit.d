/* A provider name may not end with a digit. */
provider lt_prov9 { probe lt_p(); };
