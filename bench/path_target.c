/* The traced process of bench/path_cases.py: one function per instruction class a uprobe can
 * meet first, each a leaf written in assembly so that its first instructions are known:
 *   bench_push    push %rbp first (the kernel emulates it)
 *   bench_endbr   endbr64 then push %rbp (what -fcf-protection builds: endbr64 is single-stepped)
 *   bench_mov     mov %edi,%eax first, then add (both single-stepped; nothing to move onto)
 * `path_target FN N` calls FN N times through a volatile pointer and prints
 * "ns/call X", X its thread's CPU time per call (which includes the kernel's uprobe work done
 * on its behalf). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int bench_push(int), bench_endbr(int), bench_mov(int);
asm(R"(
    .text
    .globl bench_push, bench_endbr, bench_mov
    .type bench_push, @function
    .p2align 4
bench_push:
    push %rbp
    mov %rsp, %rbp
    lea 1(%rdi), %eax
    pop %rbp
    ret
    .size bench_push, .-bench_push
    .type bench_endbr, @function
    .p2align 4
bench_endbr:
    endbr64
    push %rbp
    mov %rsp, %rbp
    lea 1(%rdi), %eax
    pop %rbp
    ret
    .size bench_endbr, .-bench_endbr
    .type bench_mov, @function
    .p2align 4
bench_mov:
    mov %edi, %eax
    add $1, %eax
    ret
    .size bench_mov, .-bench_mov
)");

static long long cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char** argv) {
    if (argc != 3) return 2;
    int (*volatile fn)(int) = strcmp(argv[1], "push") == 0    ? bench_push
                              : strcmp(argv[1], "endbr") == 0 ? bench_endbr
                                                              : bench_mov;
    long n = atol(argv[2]);
    volatile int sink = 0;
    long long t0 = cpu_ns();
    for (long i = 0; i < n; i++) sink += fn((int)i);
    long long t1 = cpu_ns();
    printf("ns/call %.1f\n", (double)(t1 - t0) / (double)n);
    return 0;
}
