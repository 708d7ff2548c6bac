/* Memory bcopy() filled is the clause's scratch memory: its bytes may be changed in place. */
#pragma D option quiet

BEGIN
{
	this->buf = (char *)alloca(8);
	bcopy(curthread->comm, this->buf, 6);
	this->buf[0] = 'D';
	this->buf[6] = 0;
	printf("%s\n", stringof(this->buf));
	exit(0);
}
