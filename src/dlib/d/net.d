/*
 * net.d: the networking names DTrace's library gives D programs on Linux: the address
 * families inet_ntop() takes, the hardware types link_ntop() takes, and the Solaris names of
 * IPv4 and IPv6 addresses. The values are Linux's (x86_64).
 */
inline int AF_INET = 2;
inline int AF_INET6 = 10;
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

/* An IPv4 address in network byte order, and an IPv6 address (the kernel's struct). */
typedef uint32_t ipaddr_t;
typedef struct in6_addr in6_addr_t;
/* Solaris's network stack id: here the address of the network namespace. */
typedef uint64_t netstackid_t;
