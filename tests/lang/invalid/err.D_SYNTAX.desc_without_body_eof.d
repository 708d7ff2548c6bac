/* In a script file a description needs a predicate or a body. */
BEGIN
{
    exit(0);
}

END
