/* A probe name may not contain the scoping operator (shown with a '::' prefix). */
provider lt_prov { probe lt`p(); };
