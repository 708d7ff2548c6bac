/* A name-only description is reported as :::name. */
#pragma D option quiet

lt_nothing {
	exit(0);
}
