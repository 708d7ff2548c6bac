/* A typedef without a name declares nothing. */
typedef unsigned long;
