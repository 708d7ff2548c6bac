/* A provider name may not contain the scoping operator. */
provider lt`prov { probe lt_p(); };
