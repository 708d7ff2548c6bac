/* fileinfo_t from a struct file the program reaches itself. */
#pragma D option quiet
BEGIN
{
	this->f = curthread->files->fdt->fd[0];
	printf("%s %s %d\n", xlate <fileinfo_t *> (this->f)->fi_name, xlate <fileinfo_t> (this->f).fi_fs,
	    xlate <fileinfo_t *> (this->f)->fi_oflags & 3);
	exit(0);
}
