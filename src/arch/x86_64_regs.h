// The x86-64 register layout, in one place: the general-purpose registers with their
// sub-registers (as gas spells them), where each is in the kernel's struct pt_regs (what a
// uprobe, a perf event and a system call tracepoint hand a program), the calling convention's
// and the system call convention's argument registers, and DTrace's uregs[] numbering.
// Ground level: it includes nothing of bdtrace's, and every stage may include it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bdtrace::arch {

// struct pt_regs (arch/x86/include/asm/ptrace.h): 21 eight-byte fields, in bytes.
enum PtRegs : int16_t {
    kR15 = 0, kR14 = 8, kR13 = 16, kR12 = 24, kRbp = 32, kRbx = 40, kR11 = 48, kR10 = 56,
    kR9 = 64, kR8 = 72, kRax = 80, kRcx = 88, kRdx = 96, kRsi = 104, kRdi = 112,
    kOrigRax = 120, kRip = 128, kCs = 136, kFlags = 144, kRsp = 152, kSs = 160,
};
inline constexpr int16_t kPtRegsSize = 168;

// The System V calling convention's integer arguments (a function's entry) and return value.
inline constexpr int16_t kCallArgs[6] = {kRdi, kRsi, kRdx, kRcx, kR8, kR9};
inline constexpr int16_t kReturnValue = kRax;
// The system call convention: the number in orig_rax, the arguments (r10 takes rcx's place,
// which `syscall` overwrites), the return value in rax.
inline constexpr int16_t kSyscallArgs[6] = {kRdi, kRsi, kRdx, kR10, kR8, kR9};
// The code segment of a 32-bit process (__USER32_CS): its system calls use the i386 numbers.
inline constexpr int64_t kUser32Cs = 0x23;
// The low two bits of cs: the privilege level (0: the kernel was interrupted).
inline constexpr int64_t kCsPrivilegeMask = 3;

// A register spelled as gas does, without '%' ("rax", "r8d", "al", "ah"): its pt_regs field,
// the shift of a high-byte register (ah: 8) and the bytes the spelling names.
struct SubRegister {
    int16_t offset;
    uint8_t shift;
    uint8_t width;
};
// nullopt when the name is no general-purpose register or rip/eip.
std::optional<SubRegister> register_by_name(std::string_view name);

// DTrace's uregs[] on x86-64 (regs.d: the i386 names R_GS..R_SS are 0..18 and reach the same
// 64-bit registers; the amd64 names R_R15..R_GSBASE follow from 19).
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

}  // namespace bdtrace::arch
