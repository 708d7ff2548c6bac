/* A key signature cannot end in '...'. */
int lt_a[int, ...];
