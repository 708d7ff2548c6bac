/* Probe sites whose argument specs bdtrace does not understand (an SSE register), beside a
 * good one: lt_bad:::weird is fired by lt_bad_fire(7) at one site with "8@%xmm0 -4@%edi" and
 * at another with "-4@%edi"; lt_bad_main calls it once. */
#include <sys/sdt.h>

	.text
	.globl	lt_bad_fire
	.type	lt_bad_fire, @function
lt_bad_fire:
	STAP_PROBE2(lt_bad, weird, 8@%xmm0, -4@%edi)
	STAP_PROBE1(lt_bad, weird, -4@%edi)
	ret
	.size	lt_bad_fire, .-lt_bad_fire
	.section .note.GNU-stack,"",@progbits
