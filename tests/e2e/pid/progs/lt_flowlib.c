/* A library for -F: lt_flow_outer calls lt_flow_locked, whose first instruction is LOCK-prefixed
 * (the kernel cannot put a uprobe there, as on libc's pthread_spin_lock), then lt_flow_plain.
 * lt_flow_locked's return instruction can be probed: only its entry is refused. */
#define NI __attribute__((noinline))

int lt_flow_locked(void);
__asm__(".data\n"
        ".p2align 2\n"
        "lt_flow_count:\n"
        "\t.long 0\n"
        ".text\n"
        ".globl lt_flow_locked\n"
        ".type lt_flow_locked, @function\n"
        "lt_flow_locked:\n"
        "\tlock incl lt_flow_count(%rip)\n"
        "\tmovl lt_flow_count(%rip), %eax\n"
        "\tret\n"
        ".size lt_flow_locked, .-lt_flow_locked\n");

NI int lt_flow_plain(int x) { return x + 1; }
NI int lt_flow_outer(int x) { return lt_flow_locked() + lt_flow_plain(x); }
