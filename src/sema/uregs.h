// uregs[]: DTrace's register numbers on x86-64 (regs.d: the i386 names R_GS..R_SS are 0..18 and
// reach the same 64-bit registers; the amd64 names R_R15..R_GSBASE follow from 19) and where
// each register is in the kernel's struct pt_regs, which a uprobe hands its program.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::sema {

// The value of a register name (R_RAX, R_PC, R_SP, R_FP, ...), or nullopt.
std::optional<int64_t> uregs_constant(const std::string& name);

// The byte offset in pt_regs of uregs[index]; kUregZero for a register pt_regs does not hold
// (segment registers, trap number, FS/GS base: read as 0); kUregInvalid past the last number
// (DTrace's illegal operation).
inline constexpr int kUregZero = -1;
inline constexpr int kUregInvalid = -2;
int uregs_offset(int64_t index);
// The highest valid index.
int64_t uregs_last();

}  // namespace bdtrace::sema
