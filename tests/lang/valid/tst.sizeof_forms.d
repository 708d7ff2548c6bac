/* sizeof applied to types, expressions and a string constant. */
BEGIN
{
    lt_x = 42;
    trace(sizeof (int));
    trace(sizeof(char));
    trace(sizeof(unsigned long long));
    trace(sizeof(int *));
    trace(sizeof(struct task_struct));
    trace(sizeof(uint64_t));
    trace(sizeof lt_x);
    trace(sizeof(lt_x + 1));
    trace(sizeof "hello");
    trace(sizeof(string));
}
