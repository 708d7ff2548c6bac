/* errno.d already defines ENOENT. */
inline int ENOENT = 3;
