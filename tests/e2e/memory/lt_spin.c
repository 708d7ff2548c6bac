/*
 * A target for the memory tests: user memory with known contents at a fixed address (built
 * without PIE, so `nm` gives it), and a thread that stays on a CPU in user mode, where profile
 * probes interrupt it. It ends itself after 10 seconds in case its test does not.
 */
#include <unistd.h>

char lt_marker[] = "marker-in-user-memory";
volatile unsigned long lt_counter;

int main(void)
{
	alarm(10);
	for (;;)
		lt_counter++;
}
