/* Probe names with double underscores (shown as '-' in probe names). */
provider lt_db {
    probe query__start(char *);
    probe query__done(char *, int);
    probe txn__commit__end();
};

BEGIN
{
    exit(0);
}
