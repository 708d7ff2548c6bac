/* Unary & and unary * on kernel data. */
BEGIN
{
    this->lt_p = &curthread->pid;
    trace(*this->lt_p);
    trace((*curthread).tgid);
    this->lt_c = &curthread->comm[0];
    trace(*this->lt_c);
}
