/* Inlines defined by expressions over other inlines and built-ins. */
inline int LT_BASE = 10;
inline int LT_DOUBLE = LT_BASE * 2;
inline pid_t LT_ME = pid;
inline string LT_WHO = execname;

BEGIN
{
    trace(LT_DOUBLE);
    trace(LT_ME);
    trace(LT_WHO);
}
