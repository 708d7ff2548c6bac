/*
 * zone.d: Linux has no Solaris zones. Every process runs in what Solaris calls the global zone,
 * which is what DTrace's zonename names here.
 */
inline string zonename = "global";
