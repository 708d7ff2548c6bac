/* Binding the program to an older D version. */
#pragma D option version=1.0

BEGIN
{
    exit(0);
}
