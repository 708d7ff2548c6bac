/*
 * Stores through pointers into alloca() memory: a byte, an int array element, a struct
 * member, a compound assignment and an increment, read back through the same pointers.
 */
#pragma D option quiet
#pragma D option strsize=16

struct lt_pair {
	int	first;
	char	tag;
	int	second;
};

BEGIN
{
	this->s = (char *)alloca(8);
	this->s[0] = 'h';
	this->s[1] = 'i';
	*(this->s + 2) = '!';
	this->s[3] = 0;
	printf("%s %d\n", stringof(this->s), this->s[1]);

	this->v = (int *)alloca(4 * sizeof (int));
	this->v[0] = 10;
	this->v[3] = -7;
	this->v[0] += 5;
	this->v[3]++;
	printf("%d %d\n", this->v[0], this->v[3]);

	this->p = (struct lt_pair *)alloca(sizeof (struct lt_pair));
	this->p->first = 1;
	this->p->tag = 'x';
	this->p->second = 0x12345678;
	printf("%d %c %x\n", this->p->first, this->p->tag, this->p->second);

	this->str = (string *)alloca(sizeof (string));
	*this->str = "a string";
	printf("%s\n", *this->str);
	exit(0);
}
