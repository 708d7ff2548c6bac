// The x86-64 register tables (x86_64_regs.h).
#include "arch/x86_64_regs.h"

#include <utility>

namespace bdtrace::arch {

namespace {

struct Gpr {
    const char* q;   // 64-bit name
    const char* d;   // 32-bit
    const char* w;   // 16-bit
    const char* b;   // low byte
    const char* hb;  // high byte, or null
    int16_t offset;
};
constexpr Gpr kGprs[] = {
    {"rax", "eax", "ax", "al", "ah", kRax},        {"rbx", "ebx", "bx", "bl", "bh", kRbx},
    {"rcx", "ecx", "cx", "cl", "ch", kRcx},        {"rdx", "edx", "dx", "dl", "dh", kRdx},
    {"rsi", "esi", "si", "sil", nullptr, kRsi},    {"rdi", "edi", "di", "dil", nullptr, kRdi},
    {"rbp", "ebp", "bp", "bpl", nullptr, kRbp},    {"rsp", "esp", "sp", "spl", nullptr, kRsp},
    {"r8", "r8d", "r8w", "r8b", nullptr, kR8},     {"r9", "r9d", "r9w", "r9b", nullptr, kR9},
    {"r10", "r10d", "r10w", "r10b", nullptr, kR10}, {"r11", "r11d", "r11w", "r11b", nullptr, kR11},
    {"r12", "r12d", "r12w", "r12b", nullptr, kR12}, {"r13", "r13d", "r13w", "r13b", nullptr, kR13},
    {"r14", "r14d", "r14w", "r14b", nullptr, kR14}, {"r15", "r15d", "r15w", "r15b", nullptr, kR15},
    {"rip", "eip", nullptr, nullptr, nullptr, kRip},
};

constexpr int Z = kUregZero;

// Indexed by DTrace's register number. 0..18: the i386 names, which DTrace on amd64 maps onto
// the 64-bit registers (dtrace_getreg's regmap); 19 + REG_x: the amd64 names (sys/regset.h order).
constexpr int kUregOffsets[] = {
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

const std::pair<const char*, int64_t> kUregNames[] = {
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

std::optional<SubRegister> register_by_name(std::string_view name) {
    for (const auto& g : kGprs) {
        if (name == g.q) return SubRegister{g.offset, 0, 8};
        if (g.d && name == g.d) return SubRegister{g.offset, 0, 4};
        if (g.w && name == g.w) return SubRegister{g.offset, 0, 2};
        if (g.b && name == g.b) return SubRegister{g.offset, 0, 1};
        if (g.hb && name == g.hb) return SubRegister{g.offset, 8, 1};
    }
    return std::nullopt;
}

std::optional<int64_t> uregs_constant(const std::string& name) {
    if (name.rfind("R_", 0) != 0) return std::nullopt;
    for (const auto& [n, v] : kUregNames)
        if (name == n) return v;
    return std::nullopt;
}

int uregs_offset(int64_t index) {
    if (index < 0 || index > uregs_last()) return kUregInvalid;
    return kUregOffsets[index];
}

int64_t uregs_last() {
    return static_cast<int64_t>(sizeof kUregOffsets / sizeof kUregOffsets[0]) - 1;
}

}  // namespace bdtrace::arch
