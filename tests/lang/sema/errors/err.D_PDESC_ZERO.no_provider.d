/* A description that matches no probe is an error without -Z. */
#pragma D option quiet

lt_noprovider:::lt_noprobe {
	exit(0);
}
