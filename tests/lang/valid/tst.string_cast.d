/* A cast to the string type. */
BEGIN
{
    lt_s = (string)curthread->comm;
    trace(lt_s);
}
