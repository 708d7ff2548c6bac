#!/usr/sbin/dtrace -qs
/* An interpreter line with options is ignored as well. */
BEGIN
{
    printf("%s\n", "hello");
    exit(0);
}
