/* Kernel and user stack actions. */
profile-97
{
    stack();
    stack(4);
    ustack();
    ustack(8);
    ustack(8, 256);
}
