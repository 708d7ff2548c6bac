/* The probes of the usdtgen tests: no argument, one, several (integers and strings), with and
 * without parameter names, and the stability pragmas providers carry. */
provider lt {
	probe zero();
	probe one(int);
	probe many__args(int, char *, long long, const char *);
	probe enabled(int zero, int one, int many_args);
};

#pragma D attributes Evolving/Evolving/Common provider lt provider
#pragma D attributes Private/Private/Unknown provider lt module
#pragma D attributes Private/Private/Unknown provider lt function
#pragma D attributes Evolving/Evolving/Common provider lt name
#pragma D attributes Evolving/Evolving/Common provider lt args
