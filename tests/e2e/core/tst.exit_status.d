#pragma D option quiet
BEGIN { exit(7); }
