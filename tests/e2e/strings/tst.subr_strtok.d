/* strtok(): the first call takes the string, the next ones NULL; runs of delimiters are
   skipped. */
#pragma D option quiet

BEGIN
{
	this->s = ",,,Carrots,,Barley,Oatmeal,,,Beans,";
	printf("[%s]", strtok(this->s, ","));
	printf("[%s]", strtok(NULL, ","));
	printf("[%s]", strtok(NULL, ","));
	printf("[%s]\n", strtok(NULL, ","));
	exit(0);
}
