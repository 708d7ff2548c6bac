/* A fully written probe description: provider:module:function:name. */
dtrace:::BEGIN
{
    exit(0);
}
