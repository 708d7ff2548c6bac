/* Probes of 0, 1 and several arguments, a "__" name, and the types builds write. */
provider lt {
	probe zero();
	probe one(int);
	probe query__start(int, char *, unsigned long long, const char *);
	probe none(void);
	probe ptrs(struct lt_conn *c, char *const *argv, uint32_t);
};

provider lt_other {
	probe a___b(long);
};
