/* Two functions sharing a return, as libc's mempcpy and memmove do: lt_sr_p(x) computes x + 2
 * and jumps into the middle of lt_sr_m's body, whose ret then leaves both. lt_sr_m(x) returns
 * x + 1. The jump leaves lt_sr_p (its return probe fires there), and lt_sr_m's ret fires
 * lt_sr_m's return probe although lt_sr_m was not entered. */
	.text
	.globl	lt_sr_m
	.type	lt_sr_m, @function
lt_sr_m:
	movq	%rdi, %rax
.Llt_sr_body:
	addq	$1, %rax
	ret
	.size	lt_sr_m, .-lt_sr_m

	.globl	lt_sr_p
	.type	lt_sr_p, @function
lt_sr_p:
	leaq	1(%rdi), %rax
	jmp	.Llt_sr_body
	.size	lt_sr_p, .-lt_sr_p
	.section .note.GNU-stack,"",@progbits
