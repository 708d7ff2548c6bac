/* A string stands for the address of its characters in + and -, but two of them do not add:
 * only a string and an integer do (D's pointer arithmetic). */
#pragma D option quiet

BEGIN
{
	lt_name = "file";
	lt_path = lt_name + ".txt";
}
