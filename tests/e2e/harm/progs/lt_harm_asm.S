/* The do-no-harm tests' hand-written functions (lt_harm.c calls them):
 *   lt_rz_loop(n)          the sum 1..n, kept in the red zone at -16(%rsp) across a 5-byte NOP
 *                          at the loop head (a leaf never moves %rsp)
 *   lt_rz_straight(x)      3x+1, x kept at -8(%rsp) across a 5-byte NOP
 *   lt_rz_usdt(n)          lt_rz_loop with a USDT probe, lt_harm:::nop5 (n in %rdi), whose site
 *                          is the 5-byte NOP (the form older libbpf usdt.h macros emitted)
 *   lt_helper(x)           2x+1: called, and jumped to by the tail calls below
 *   lt_tail_direct(x)      jmp lt_helper with x+1
 *   lt_tail_cond(x)        x ? jne lt_helper : -1 (a conditional tail jump)
 *   lt_tail_indirect(f, x) f(x) through jmp *%r11 (as the PLT resolver ends)
 *   lt_ret_pop(x)          x + the word its caller pushed, popped by `ret $8`
 *   lt_call_ret_pop(x, y)  pushes y and calls lt_ret_pop(x) */
	.text

	.globl	lt_rz_loop
	.type	lt_rz_loop, @function
	.p2align 4
lt_rz_loop:
	movq	$0, -16(%rsp)
	testq	%rdi, %rdi
	jle	2f
1:	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00
	addq	%rdi, -16(%rsp)
	decq	%rdi
	jnz	1b
2:	movq	-16(%rsp), %rax
	ret
	.size	lt_rz_loop, .-lt_rz_loop

	.globl	lt_rz_straight
	.type	lt_rz_straight, @function
	.p2align 4
lt_rz_straight:
	movq	%rdi, -8(%rsp)
	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00
	movq	-8(%rsp), %rax
	leaq	1(%rax,%rax,2), %rax
	ret
	.size	lt_rz_straight, .-lt_rz_straight

	.globl	lt_rz_usdt
	.type	lt_rz_usdt, @function
	.p2align 4
lt_rz_usdt:
	movq	$0, -16(%rsp)
	testq	%rdi, %rdi
	jle	2f
1:
990:	.byte	0x0f, 0x1f, 0x44, 0x00, 0x00
	.pushsection .note.stapsdt, "", "note"
	.balign	4
	.4byte	992f-991f, 994f-993f, 3
991:	.asciz	"stapsdt"
992:	.balign	4
993:	.8byte	990b
	.8byte	_.stapsdt.base
	.8byte	0
	.asciz	"lt_harm"
	.asciz	"nop5"
	.asciz	"-8@%rdi"
994:	.balign	4
	.popsection
	addq	%rdi, -16(%rsp)
	decq	%rdi
	jnz	1b
2:	movq	-16(%rsp), %rax
	ret
	.size	lt_rz_usdt, .-lt_rz_usdt

	.ifndef	_.stapsdt.base
	.pushsection .stapsdt.base, "aG", "progbits", .stapsdt.base, comdat
	.weak	_.stapsdt.base
	.hidden	_.stapsdt.base
_.stapsdt.base:
	.space	1
	.size	_.stapsdt.base, 1
	.popsection
	.endif

	.globl	lt_helper
	.type	lt_helper, @function
	.p2align 4
lt_helper:
	leaq	1(%rdi,%rdi), %rax
	ret
	.size	lt_helper, .-lt_helper

	.globl	lt_tail_direct
	.type	lt_tail_direct, @function
	.p2align 4
lt_tail_direct:
	addq	$1, %rdi
	jmp	lt_helper
	.size	lt_tail_direct, .-lt_tail_direct

	.globl	lt_tail_cond
	.type	lt_tail_cond, @function
	.p2align 4
lt_tail_cond:
	testq	%rdi, %rdi
	jne	lt_helper
	movq	$-1, %rax
	ret
	.size	lt_tail_cond, .-lt_tail_cond

	.globl	lt_tail_indirect
	.type	lt_tail_indirect, @function
	.p2align 4
lt_tail_indirect:
	movq	%rdi, %r11
	movq	%rsi, %rdi
	jmp	*%r11
	.size	lt_tail_indirect, .-lt_tail_indirect

	.globl	lt_ret_pop
	.type	lt_ret_pop, @function
	.p2align 4
lt_ret_pop:
	movq	8(%rsp), %rax
	addq	%rdi, %rax
	ret	$8
	.size	lt_ret_pop, .-lt_ret_pop

	.globl	lt_call_ret_pop
	.type	lt_call_ret_pop, @function
	.p2align 4
lt_call_ret_pop:
	pushq	%rsi
	call	lt_ret_pop
	ret
	.size	lt_call_ret_pop, .-lt_call_ret_pop

	.section .note.GNU-stack, "", @progbits
