/* String subroutines. */
BEGIN
{
    lt_s = "/usr/lib/dtrace";
    trace(strlen(lt_s));
    trace(strjoin(lt_s, "/x.d"));
    trace(substr(lt_s, 1));
    trace(substr(lt_s, 1, 3));
    trace(index(lt_s, "lib"));
    trace(rindex(lt_s, "/"));
    trace(strstr(lt_s, "lib"));
    trace(strchr(lt_s, 'l'));
    trace(strrchr(lt_s, '/'));
    trace(strtok(lt_s, "/"));
    trace(basename(lt_s));
    trace(dirname(lt_s));
    trace(lltostr(12345));
    trace(strtoll("123"));
}
