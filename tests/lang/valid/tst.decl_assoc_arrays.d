/* Declared associative arrays with tuple signatures. */
int lt_count[string];
int lt_pair[int, string];
uint64_t lt_start[int, int, string];
string lt_names[uint64_t];
self int lt_tls[int];

syscall::read:entry
{
    lt_count[execname]++;
    lt_pair[pid, execname] = 1;
    lt_start[pid, tid, execname] = timestamp;
    lt_names[timestamp] = execname;
    self->lt_tls[arg0] = 1;
}
