/* Subroutine results are strings like any other: arguments of other subroutines. */
#pragma D option quiet

BEGIN
{
	lt_path = "/usr/local/lib/libfoo.so.1";
	printf("[%s]\n", toupper(basename(dirname(lt_path))));
	printf("[%s]\n", strjoin(substr(basename(lt_path), 0, index(basename(lt_path), ".")), "!"));
	printf("[%d]\n", strtoll(substr(lt_path, rindex(lt_path, ".") + 1)));
	exit(0);
}
