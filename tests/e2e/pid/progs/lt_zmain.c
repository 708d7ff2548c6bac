/* main of the -Z programs: lt_zlib.c's lt_z_run(), from the same file or from liblt_zlib.so. */
int lt_z_run(void);

int main(void) { return lt_z_run(); }
