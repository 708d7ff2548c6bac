// Where a function returns, as DTrace's pid provider places its return probes: on every `ret`
// (`ret imm16` too) and on every jump that leaves the function (a tail call: the callee returns
// to our caller). illumos's dt_pid takes direct jumps and conditional jumps whose target lies
// outside the function; bdtrace also takes an indirect `jmp *reg` / `jmp *mem` that leaves it
// (the PLT resolver's `jmp *%r11`, calls through a function pointer in tail position), but not
// one that dispatches through a jump table (a switch: its targets are inside the function),
// which illumos's decoder could not tell apart and so never took. function_code.cpp finds the
// sites during its decode; the jump-table rule is here.
//
// A uprobe on each site gives the return probe DTrace's arguments (arg0: the site's offset in
// the function, arg1: the return value) and leaves the program's stack alone. A return uprobe
// (the kernel's trampoline put in place of the return address at the entry) would not: see
// uretprobe_safety.h for when that form is safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace bdtrace::process {

// Whether the indirect jmp at insns[index] of `code` dispatches through a jump table: it has
// CET's `notrack` prefix (which compilers put on switch dispatches), or its memory operand is
// indexed (`jmp *table(,%rax,8)`), or the register it jumps through was computed, in the
// straight run of instructions before it, from an indexed table (`movslq (%rdx,%rax,4),%rax;
// add %rdx,%rax; jmp *%rax`, as GCC and Clang emit for position-independent code) or from an
// address inside the function (`lea blocks(%rip),%r9; shl $6,%ecx; add %r9,%rcx; jmp *%rcx`,
// as hand-written memcpy does). `landings` (sorted) are the offsets direct branches land on: a
// straight run stops there. function_code.cpp also asks the call frame information: a jump
// where the return address is not at (%rsp) (a computed goto inside a frame) is no tail call.
bool jumps_through_table(std::span<const uint8_t> code, const std::vector<uint64_t>& insns, size_t index,
                         const std::vector<uint64_t>& landings);

}  // namespace bdtrace::process
