/* copyin() memory read through a pointer to a struct the program declares. */
#pragma D option quiet

struct lt_word {
	char lt_text[5];
	char lt_sep;
	uint16_t lt_next;
};

BEGIN
{
	this->w = (struct lt_word *)copyin(curthread->mm->arg_end - sizeof($$1), sizeof (struct lt_word));
	printf("%s|%c|%x\n", this->w->lt_text, this->w->lt_sep, this->w->lt_next);
	exit(0);
}
