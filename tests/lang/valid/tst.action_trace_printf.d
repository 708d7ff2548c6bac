/* trace and printf with a variety of conversions. */
BEGIN
{
    trace(1);
    trace("string");
    trace(execname);
    printf("plain text\n");
    printf("%d %i %u %x %X %o\n", 1, 2, 3, 255, 255, 8);
    printf("%c %s %p %%\n", 'a', "str", curthread);
    printf("[%5d] [%-5d] [%05d] [%+d]\n", 1, 2, 3, 4);
    printf("[%10s] [%-10s]\n", "right", "left");
    printf("%*d\n", 8, 42);
}
