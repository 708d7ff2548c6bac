/* A provider definition ends with ';'. */
provider lt_prov {
    probe lt_p();
}
