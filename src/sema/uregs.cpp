#include "sema/uregs.h"

#include <utility>

namespace bdtrace::sema {

namespace {

// pt_regs on x86-64 (arch/x86/include/asm/ptrace.h), in bytes.
enum PtRegs : int {
    kR15 = 0, kR14 = 8, kR13 = 16, kR12 = 24, kRbp = 32, kRbx = 40, kR11 = 48, kR10 = 56,
    kR9 = 64, kR8 = 72, kRax = 80, kRcx = 88, kRdx = 96, kRsi = 104, kRdi = 112,
    kRip = 128, kCs = 136, kFlags = 144, kRsp = 152, kSs = 160,
};

constexpr int Z = kUregZero;

// Indexed by DTrace's register number. 0..18: the i386 names, which DTrace on amd64 maps onto
// the 64-bit registers (dtrace_getreg's regmap); 19 + REG_x: the amd64 names (sys/regset.h order).
constexpr int kOffsets[] = {
    Z, Z, Z, Z,                  // GS FS ES DS
    kRdi, kRsi, kRbp, kRsp,      // EDI ESI EBP ESP
    kRbx, kRdx, kRcx, kRax,      // EBX EDX ECX EAX
    Z, Z,                        // TRAPNO ERR
    kRip, kCs, kFlags, kRsp, kSs,  // EIP CS EFL UESP SS
    kR15, kR14, kR13, kR12, kR11, kR10, kR9, kR8,  // 19..26
    kRdi, kRsi, kRbp, kRbx, kRdx, kRcx, kRax,      // 27..33
    Z, Z,                                          // TRAPNO ERR (34, 35)
    kRip, kCs, kFlags, kRsp, kSs,                  // 36..40
    Z, Z, Z, Z, Z, Z,                              // FS GS ES DS FSBASE GSBASE (41..46)
};

constexpr int64_t kAmd64 = 19;  // R_SS + 1: where the amd64 numbers start

const std::pair<const char*, int64_t> kNames[] = {
    {"R_GS", 0}, {"R_FS", 1}, {"R_ES", 2}, {"R_DS", 3}, {"R_EDI", 4}, {"R_ESI", 5}, {"R_EBP", 6},
    {"R_ESP", 7}, {"R_EBX", 8}, {"R_EDX", 9}, {"R_ECX", 10}, {"R_EAX", 11}, {"R_TRAPNO", 12},
    {"R_ERR", 13}, {"R_EIP", 14}, {"R_CS", 15}, {"R_EFL", 16}, {"R_UESP", 17}, {"R_SS", 18},
    // regs.d's portable names.
    {"R_PC", 14}, {"R_SP", 17}, {"R_PS", 16}, {"R_R0", 11}, {"R_R1", 8},
    // Oracle's regs.d also names the frame pointer.
    {"R_FP", 6},
    {"R_R15", kAmd64 + 0}, {"R_R14", kAmd64 + 1}, {"R_R13", kAmd64 + 2}, {"R_R12", kAmd64 + 3},
    {"R_R11", kAmd64 + 4}, {"R_R10", kAmd64 + 5}, {"R_R9", kAmd64 + 6}, {"R_R8", kAmd64 + 7},
    {"R_RDI", kAmd64 + 8}, {"R_RSI", kAmd64 + 9}, {"R_RBP", kAmd64 + 10}, {"R_RBX", kAmd64 + 11},
    {"R_RDX", kAmd64 + 12}, {"R_RCX", kAmd64 + 13}, {"R_RAX", kAmd64 + 14},
    {"R_RIP", kAmd64 + 17}, {"R_RFL", kAmd64 + 19}, {"R_RSP", kAmd64 + 20},
};

}  // namespace

std::optional<int64_t> uregs_constant(const std::string& name) {
    if (name.rfind("R_", 0) != 0) return std::nullopt;
    for (const auto& [n, v] : kNames)
        if (name == n) return v;
    return std::nullopt;
}

int uregs_offset(int64_t index) {
    if (index < 0 || index > uregs_last()) return kUregInvalid;
    return kOffsets[index];
}

int64_t uregs_last() { return static_cast<int64_t>(sizeof kOffsets / sizeof kOffsets[0]) - 1; }

}  // namespace bdtrace::sema
