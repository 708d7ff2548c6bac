/* White space ends a description: the remainder is another description. */
syscall :: read:entry
{
}
