/* A bracket expression starting with '!' matches any character not listed. */
syscall::[!xyz]ead:entry
{
    @lt_n = count();
}
