/* lt_locked: a function whose first instruction is LOCK-prefixed (as pthread_spin_lock's is);
 * uprobes refuse such an instruction, so DTrace's "unprobeable" warning must name it.
 * lt_plain_asm: an ordinary function beside it. Both return with %eax = 0. */
	.text
	.globl	lt_locked
	.type	lt_locked, @function
lt_locked:
	lock incl	lt_counter(%rip)
	xorl	%eax, %eax
	ret
	.size	lt_locked, .-lt_locked

	.globl	lt_plain_asm
	.type	lt_plain_asm, @function
lt_plain_asm:
	pushq	%rbp
	movq	%rsp, %rbp
	xorl	%eax, %eax
	popq	%rbp
	ret
	.size	lt_plain_asm, .-lt_plain_asm

	.data
	.globl	lt_counter
lt_counter:
	.long	0
	.section .note.GNU-stack,"",@progbits
