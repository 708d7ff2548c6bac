/* Pointer arithmetic and pointer comparison. */
BEGIN
{
    this->lt_p = (char *)curthread;
    this->lt_q = this->lt_p + 16;
    this->lt_r = this->lt_q - 8;
    trace(this->lt_q > this->lt_p);
    trace(this->lt_q - this->lt_p);
    trace(this->lt_r == this->lt_p + 8);
}
