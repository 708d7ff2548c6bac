#pragma D option quiet
BEGIN { this->x = 40; }
BEGIN { this->x += 2; printf("%d\n", this->x); exit(0); }
