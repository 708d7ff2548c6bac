/* Every macro variable of the dtrace process. */
BEGIN
{
    trace($pid);
    trace($ppid);
    trace($pgid);
    trace($sid);
    trace($uid);
    trace($gid);
    trace($euid);
    trace($egid);
    trace($target);
}
