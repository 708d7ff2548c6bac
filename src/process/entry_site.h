// Where a function's entry probe puts its uprobe. A uprobe costs what the kernel does with the
// probed instruction (uprobe_path.h): an emulated `push %rbp` about a tenth of a single-stepped
// `endbr64`. DTrace's entry probe fires before the function's first instruction; it fires at the
// same moment, with the same arguments, stack and registers, when the uprobe sits on a later
// instruction, provided that
//
//  - every instruction before it is always executed first: no branch of the function or of its
//    .cold parts lands on any of them or on the site, no other symbol starts there, and the
//    function has no indirect jump that stays inside it (a switch, a computed goto) whose
//    targets a decode cannot see;
//  - the instructions before it change nothing a clause can see: no memory writes, and no reads
//    that could fault before the probe fired (a %rip-relative read of the object's own loaded
//    segments cannot: `cmpb $0,__libc_single_threaded(%rip)`), not %rsp or %rbp (the stack, arg6-arg9, ucaller,
//    ustack()), no argument register (%rdi %rsi %rdx %rcx %r8 %r9), no callee-saved register,
//    no vector register. `exact` skips only instructions that change no register at all
//    (endbr64, NOPs): only %rip differs, and the code generator gives the function's address
//    back (uregs[R_PC], ustack()'s first frame). `further` also skips simple register
//    arithmetic writing only %rax, %r10, %r11 and the flags (scratch registers that no
//    argument lives in): uregs[] of those would differ, so it is used only when no clause of
//    the probe reads uregs[];
//  - the site is not an instruction that leaves the function (a tail jump: its return probe
//    would share the trap, and the kernel's order of the two is not DTrace's).
//
// The entry moves only onto an instruction the kernel emulates (never onto a 5-byte NOP it
// would optimise into a CALL: docs/safety.md), and only from one it would single-step.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "process/elf_file.h"
#include "process/function_code.h"
#include "process/uprobe_path.h"

namespace bdtrace::process {

struct EntrySite {
    uint64_t offset = 0;  // in the function
    InsnPath insn;        // the instruction there and the kernel's path
};

struct EntryPlacement {
    EntrySite first;    // the function's first instruction (offset 0)
    EntrySite exact;    // past instructions that change no register (first when none)
    EntrySite further;  // past scratch-register arithmetic too (exact when none)
    // Why the entry stays at offset 0 when its path is slow ("a branch lands at offset 0x4").
    std::string why_not;
};

// The [start, end) ranges a function's code may read without faulting, in its layout: the
// readable PT_LOAD segments of its file.
using Readable = std::vector<std::pair<uint64_t, uint64_t>>;
Readable readable_of(const ElfFile& elf);

// `code`: the function's bytes; `address`: its first byte in a layout whose page offsets are
// the process's (for the optimised-NOP rule), the layout of `readable`.
EntryPlacement place_entry(std::span<const uint8_t> code, const FunctionCode& decode, uint64_t address,
                           const Readable& readable = {});

// What skipping the instruction at the start of `code` (at `address`) would change: Nothing
// (endbr64, NOPs), Scratch (only %rax, %r10, %r11 and the flags, by register arithmetic or a
// %rip-relative read of `readable` that cannot fault), or Other.
enum class SkipEffect : uint8_t { Nothing, Scratch, Other };
SkipEffect skip_effect(std::span<const uint8_t> code, uint64_t address = 0, const Readable& readable = {});

}  // namespace bdtrace::process
