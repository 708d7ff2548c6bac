/* The probes of the usdtgen tests: no argument, one, several (integers and strings). */
provider lt {
	probe zero();
	probe one(int);
	probe many__args(int, char *, long long, const char *);
	probe enabled(int, int, int);
};
