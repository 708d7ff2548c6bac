/* profile-N probes faster than 200us do not exist. */
#pragma D option quiet

profile:::profile-100us {
	exit(0);
}
