/* A wide selection of built-in variables. */
BEGIN
{
    trace(arg0); trace(arg1); trace(arg2); trace(arg3); trace(arg4);
    trace(arg5); trace(arg6); trace(arg7); trace(arg8); trace(arg9);
    trace(caller);
    trace(cpu);
    trace(curthread);
    trace(epid);
    trace(errno);
    trace(execname);
    trace(gid);
    trace(id);
    trace(pid);
    trace(ppid);
    trace(probefunc);
    trace(probemod);
    trace(probename);
    trace(probeprov);
    trace(stackdepth);
    trace(tid);
    trace(timestamp);
    trace(uid);
    trace(ucaller);
    trace(ustackdepth);
    trace(vtimestamp);
    trace(walltimestamp);
}
