/* A translator whose output type is a typedef of a structure. */
typedef struct lt_summary {
    string lt_name;
    int lt_id;
} lt_summary_t;

translator lt_summary_t < struct task_struct *lt_t > {
    lt_name = stringof(lt_t->comm);
    lt_id = lt_t->pid;
};

BEGIN
{
    trace(xlate <lt_summary_t> (curthread).lt_name);
}
