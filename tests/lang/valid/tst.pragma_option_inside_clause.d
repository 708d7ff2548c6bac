/* A control line may appear inside a clause body. */
BEGIN
{
#pragma D option quiet
    printf("quiet\n");
    exit(0);
}
