/* Member access with -> and . operators, chained. */
BEGIN
{
    trace(curthread->pid);
    trace(curthread->comm);
    trace((*curthread).comm[0]);
    trace(curthread->real_parent->pid);
}
