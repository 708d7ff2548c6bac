/* A provider definition with probes of several argument lists. */
provider lt_app {
    probe start();
    probe request(int, char *);
    probe done(int lt_status, const char *lt_path);
    probe nothing(void);
};

BEGIN
{
    exit(0);
}
