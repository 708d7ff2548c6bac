// Which path the kernel's x86-64 uprobe takes when a probed instruction is hit, from the
// instruction's bytes and the rules of arch/x86/kernel/uprobes.c (Linux 6.18, measured on this
// machine: tests/unit/process_uprobe_path_test.cpp names each case; docs/safety.md has the
// table and the costs).
//
//  - Emulated: the kernel does the instruction's work itself at the breakpoint trap and returns
//    past it: `push` of a 64-bit register (opcodes 50-57, alone or after the REX prefix 41),
//    direct `jmp`, `call` and conditional jumps without an operand-size prefix (a `bnd` prefix
//    is fine), and NOPs: the kernel's own NOP of each length 1 to 8 (`90`, `66 90`, `0f 1f 00`,
//    `0f 1f 40 00`, `0f 1f 44 00 00`, `66 0f 1f 44 00 00`, `0f 1f 80 ...`, `0f 1f 84 ...`) and
//    any instruction whose opcode byte is 90 after any prefixes (`66 66 90`, `pause`).
//  - OptimizedNop: a 5-byte NOP (`90` or `0f 1f /0` with prefixes, five bytes in all) that does
//    not cross a page: Linux 6.18 rewrites it, after its first hit, into a CALL to its
//    [uprobes-trampoline] page, which enters the kernel by a system call instead of a trap (the
//    fastest path; inside a function it is a harm, see docs/safety.md). Older kernels emulate
//    the kernel's own 5-byte NOP and single-step the others.
//  - SingleStep: everything else the kernel accepts is copied to the [uprobes] page and run
//    there with the trap flag: two traps (mov, sub, lea, xor, test, cmp, ret, endbr64, ...).
//  - Refused: the kernel will not place a uprobe there (LOCK and ES/CS/DS/SS prefixes, VEX,
//    EVEX and XOP encodings, int3, hlt, syscall, ...).
//  - WrongNop: `xchg %eax,%r8d`-style instructions (opcode 90 with REX.B): the kernel's rule
//    "opcode 90 is a NOP" emulates them as NOPs, so a uprobe there would change the program
//    (measured: 1,000 of 1,000 calls returned the wrong register). Never attached.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace bdtrace::process {

enum class UprobePath : uint8_t { Emulated, OptimizedNop, SingleStep, Refused, WrongNop };

struct InsnPath {
    UprobePath path = UprobePath::Refused;
    uint8_t length = 0;  // 0: the bytes do not decode
    std::string text;    // the instruction in AT&T syntax ("push %rbp"), empty if undecodable
};

// The path of the instruction at the start of `code` (its bytes, at least the instruction's
// length when available), which lies at `address` (any layout whose page offsets are the
// process's: a file offset or a virtual address).
InsnPath uprobe_path(std::span<const uint8_t> code, uint64_t address);

// "emulated", "optimised NOP", "single-stepped", "refused", "run as a NOP by the kernel".
std::string_view path_name(UprobePath p);

// Whether a uprobe there runs without single-stepping (emulated or an optimised NOP).
inline bool fast_path(UprobePath p) { return p == UprobePath::Emulated || p == UprobePath::OptimizedNop; }

}  // namespace bdtrace::process
