/* A cast to a pointer to a kernel structure type. */
BEGIN
{
    this->lt_task = (struct task_struct *)curthread;
    trace(this->lt_task->pid);
}
