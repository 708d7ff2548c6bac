// The eBPF instruction encoding: one 8-byte instruction, the opcode constants of every class, and
// constexpr constructors for each instruction form. The values are the kernel's (the UAPI header
// linux/bpf.h and Documentation/bpf/standardization/instruction-set.rst); they are written out here
// so that this header does not depend on the installed UAPI headers, which are older (6.1) than the
// kernels we run on.
#pragma once

#include <array>
#include <cstdint>

namespace bdtrace::bpf {

// Layout-identical to the kernel's struct bpf_insn on little-endian machines (the bit-fields
// allocate dst in the low nibble, as GCC and Clang do for the kernel's declaration).
struct Insn {
    uint8_t code;
    uint8_t dst : 4;
    uint8_t src : 4;
    int16_t off;
    int32_t imm;
};
static_assert(sizeof(Insn) == 8, "struct bpf_insn is 8 bytes");

// ---- instruction classes (code & 0x07)
inline constexpr uint8_t kClassLd = 0x00;
inline constexpr uint8_t kClassLdx = 0x01;
inline constexpr uint8_t kClassSt = 0x02;
inline constexpr uint8_t kClassStx = 0x03;
inline constexpr uint8_t kClassAlu = 0x04;  // 32-bit arithmetic; results are zero-extended
inline constexpr uint8_t kClassJmp = 0x05;
inline constexpr uint8_t kClassJmp32 = 0x06;  // comparisons of the low 32 bits
inline constexpr uint8_t kClassAlu64 = 0x07;

// ---- load/store sizes (code & 0x18) and modes (code & 0xe0)
inline constexpr uint8_t kSizeW = 0x00;   // 4 bytes
inline constexpr uint8_t kSizeH = 0x08;   // 2 bytes
inline constexpr uint8_t kSizeB = 0x10;   // 1 byte
inline constexpr uint8_t kSizeDW = 0x18;  // 8 bytes
inline constexpr uint8_t kModeImm = 0x00;
inline constexpr uint8_t kModeAbs = 0x20;
inline constexpr uint8_t kModeInd = 0x40;
inline constexpr uint8_t kModeMem = 0x60;
inline constexpr uint8_t kModeMemSx = 0x80;  // sign-extending load (kernel 6.6+)
inline constexpr uint8_t kModeAtomic = 0xc0;

// ---- operand source (code & 0x08)
inline constexpr uint8_t kSrcK = 0x00;  // immediate
inline constexpr uint8_t kSrcX = 0x08;  // register

// ---- ALU operations (code & 0xf0)
inline constexpr uint8_t kAluAdd = 0x00;
inline constexpr uint8_t kAluSub = 0x10;
inline constexpr uint8_t kAluMul = 0x20;
inline constexpr uint8_t kAluDiv = 0x30;  // off = 1: signed (kernel 6.6+)
inline constexpr uint8_t kAluOr = 0x40;
inline constexpr uint8_t kAluAnd = 0x50;
inline constexpr uint8_t kAluLsh = 0x60;
inline constexpr uint8_t kAluRsh = 0x70;
inline constexpr uint8_t kAluNeg = 0x80;
inline constexpr uint8_t kAluMod = 0x90;  // off = 1: signed (kernel 6.6+)
inline constexpr uint8_t kAluXor = 0xa0;
inline constexpr uint8_t kAluMov = 0xb0;  // off = 8/16/32 with kSrcX: sign-extending move
inline constexpr uint8_t kAluArsh = 0xc0;
inline constexpr uint8_t kAluEnd = 0xd0;   // byte swap; imm = 16, 32 or 64
inline constexpr uint8_t kEndToLe = 0x00;  // in the kSrc bit of an ALU|END instruction
inline constexpr uint8_t kEndToBe = 0x08;

// ---- jump operations (code & 0xf0)
inline constexpr uint8_t kJmpJa = 0x00;
inline constexpr uint8_t kJmpJeq = 0x10;
inline constexpr uint8_t kJmpJgt = 0x20;
inline constexpr uint8_t kJmpJge = 0x30;
inline constexpr uint8_t kJmpJset = 0x40;
inline constexpr uint8_t kJmpJne = 0x50;
inline constexpr uint8_t kJmpJsgt = 0x60;
inline constexpr uint8_t kJmpJsge = 0x70;
inline constexpr uint8_t kJmpCall = 0x80;
inline constexpr uint8_t kJmpExit = 0x90;
inline constexpr uint8_t kJmpJlt = 0xa0;
inline constexpr uint8_t kJmpJle = 0xb0;
inline constexpr uint8_t kJmpJslt = 0xc0;
inline constexpr uint8_t kJmpJsle = 0xd0;

// ---- atomic operations (the imm of a STX|ATOMIC instruction)
inline constexpr int32_t kAtomicAdd = 0x00;
inline constexpr int32_t kAtomicOr = 0x40;
inline constexpr int32_t kAtomicAnd = 0x50;
inline constexpr int32_t kAtomicXor = 0xa0;
inline constexpr int32_t kAtomicFetch = 0x01;  // or'ed in: src receives the old value
inline constexpr int32_t kAtomicXchg = 0xe0 | kAtomicFetch;
inline constexpr int32_t kAtomicCmpXchg = 0xf0 | kAtomicFetch;  // compares with r0, old value to r0

// ---- pseudo source-register values
inline constexpr uint8_t kPseudoMapFd = 1;      // LD_IMM64: imm = map fd
inline constexpr uint8_t kPseudoMapValue = 2;   // LD_IMM64: imm = map fd, next imm = value offset
inline constexpr uint8_t kPseudoBtfId = 3;      // LD_IMM64: imm = BTF id of a kernel variable
inline constexpr uint8_t kPseudoFunc = 4;       // LD_IMM64: imm = relative offset of a subprogram
inline constexpr uint8_t kPseudoCall = 1;       // CALL: imm = relative offset of a subprogram
inline constexpr uint8_t kPseudoKfuncCall = 2;  // CALL: imm = BTF id of a kernel function

// ---- registers
inline constexpr uint8_t kR0 = 0;    // return values
inline constexpr uint8_t kR1 = 1;    // r1..r5: arguments, clobbered by calls
inline constexpr uint8_t kR6 = 6;    // r6..r9: preserved across calls
inline constexpr uint8_t kR10 = 10;  // read-only frame pointer
inline constexpr int kMaxStack = 512;

constexpr uint8_t insn_class(uint8_t code) {
    return code & 0x07;
}
constexpr uint8_t insn_op(uint8_t code) {
    return code & 0xf0;
}
constexpr uint8_t insn_src(uint8_t code) {
    return code & 0x08;
}
constexpr uint8_t insn_size(uint8_t code) {
    return code & 0x18;
}
constexpr uint8_t insn_mode(uint8_t code) {
    return code & 0xe0;
}

// Size code for an access of `bytes` (1, 2, 4 or 8); 0xff for anything else.
constexpr uint8_t size_code(int bytes) {
    switch (bytes) {
        case 1:
            return kSizeB;
        case 2:
            return kSizeH;
        case 4:
            return kSizeW;
        case 8:
            return kSizeDW;
        default:
            return 0xff;
    }
}
constexpr int size_bytes(uint8_t size) {
    switch (size) {
        case kSizeB:
            return 1;
        case kSizeH:
            return 2;
        case kSizeW:
            return 4;
        default:
            return 8;
    }
}

constexpr Insn make_insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm) {
    Insn i{};
    i.code = code;
    i.dst = dst & 0x0f;
    i.src = src & 0x0f;
    i.off = off;
    i.imm = imm;
    return i;
}

// ---- constructors, one per form. `op` is one of the kAlu* / kJmp* constants.
constexpr Insn alu64_reg(uint8_t op, uint8_t dst, uint8_t src, int16_t off = 0) {
    return make_insn(kClassAlu64 | op | kSrcX, dst, src, off, 0);
}
constexpr Insn alu64_imm(uint8_t op, uint8_t dst, int32_t imm, int16_t off = 0) {
    return make_insn(kClassAlu64 | op | kSrcK, dst, 0, off, imm);
}
constexpr Insn alu32_reg(uint8_t op, uint8_t dst, uint8_t src, int16_t off = 0) {
    return make_insn(kClassAlu | op | kSrcX, dst, src, off, 0);
}
constexpr Insn alu32_imm(uint8_t op, uint8_t dst, int32_t imm, int16_t off = 0) {
    return make_insn(kClassAlu | op | kSrcK, dst, 0, off, imm);
}
constexpr Insn mov64_reg(uint8_t dst, uint8_t src) {
    return alu64_reg(kAluMov, dst, src);
}
constexpr Insn mov64_imm(uint8_t dst, int32_t imm) {
    return alu64_imm(kAluMov, dst, imm);
}
constexpr Insn mov32_reg(uint8_t dst, uint8_t src) {
    return alu32_reg(kAluMov, dst, src);
}
constexpr Insn mov32_imm(uint8_t dst, int32_t imm) {
    return alu32_imm(kAluMov, dst, imm);
}
// dst = (s8/s16/s32) src, sign-extended to 64 bits (kernel 6.6+).
constexpr Insn movsx64(uint8_t dst, uint8_t src, int bits) {
    return alu64_reg(kAluMov, dst, src, static_cast<int16_t>(bits));
}
constexpr Insn neg64(uint8_t dst) {
    return make_insn(kClassAlu64 | kAluNeg, dst, 0, 0, 0);
}
constexpr Insn neg32(uint8_t dst) {
    return make_insn(kClassAlu | kAluNeg, dst, 0, 0, 0);
}
// Conversion to little or big endian of the low `bits` (16, 32, 64); upper bits are zeroed.
constexpr Insn endian(uint8_t dst, int bits, bool to_be) {
    return make_insn(kClassAlu | kAluEnd | (to_be ? kEndToBe : kEndToLe), dst, 0, 0, bits);
}
// Unconditional byte swap (ALU64|END, kernel 6.6+).
constexpr Insn bswap(uint8_t dst, int bits) {
    return make_insn(kClassAlu64 | kAluEnd, dst, 0, 0, bits);
}

// dst = *(size *)(src + off)
constexpr Insn ldx(uint8_t size, uint8_t dst, uint8_t src, int16_t off) {
    return make_insn(kClassLdx | kModeMem | size, dst, src, off, 0);
}
// dst = *(s8/s16/s32 *)(src + off), sign-extended (kernel 6.6+)
constexpr Insn ldx_sx(uint8_t size, uint8_t dst, uint8_t src, int16_t off) {
    return make_insn(kClassLdx | kModeMemSx | size, dst, src, off, 0);
}
// *(size *)(dst + off) = src
constexpr Insn stx(uint8_t size, uint8_t dst, uint8_t src, int16_t off) {
    return make_insn(kClassStx | kModeMem | size, dst, src, off, 0);
}
// *(size *)(dst + off) = imm (sign-extended to the access size)
constexpr Insn st(uint8_t size, uint8_t dst, int16_t off, int32_t imm) {
    return make_insn(kClassSt | kModeMem | size, dst, 0, off, imm);
}
// Atomic read-modify-write of *(size *)(dst + off) with src; size is kSizeW or kSizeDW.
constexpr Insn atomic(uint8_t size, int32_t aop, uint8_t dst, uint8_t src, int16_t off) {
    return make_insn(kClassStx | kModeAtomic | size, dst, src, off, aop);
}

// Two instructions: dst = imm64. `src` is 0 or a kPseudo* value; for kPseudoMapValue the second
// half's imm is the offset into the value (pass it as the high word of imm64).
constexpr std::array<Insn, 2> ld_imm64(uint8_t dst, uint8_t src, uint64_t imm64) {
    return {make_insn(kClassLd | kSizeDW | kModeImm, dst, src, 0,
                      static_cast<int32_t>(static_cast<uint32_t>(imm64))),
            make_insn(0, 0, 0, 0, static_cast<int32_t>(static_cast<uint32_t>(imm64 >> 32)))};
}

constexpr Insn ja(int16_t off) {
    return make_insn(kClassJmp | kJmpJa, 0, 0, off, 0);
}
// JMP32|JA: 32-bit offset in imm (kernel 6.4+).
constexpr Insn gotol(int32_t off) {
    return make_insn(kClassJmp32 | kJmpJa, 0, 0, 0, off);
}
constexpr Insn jmp_reg(uint8_t op, uint8_t dst, uint8_t src, int16_t off, bool is32 = false) {
    return make_insn((is32 ? kClassJmp32 : kClassJmp) | op | kSrcX, dst, src, off, 0);
}
constexpr Insn jmp_imm(uint8_t op, uint8_t dst, int32_t imm, int16_t off, bool is32 = false) {
    return make_insn((is32 ? kClassJmp32 : kClassJmp) | op | kSrcK, dst, 0, off, imm);
}
constexpr Insn call_helper(int32_t id) {
    return make_insn(kClassJmp | kJmpCall, 0, 0, 0, id);
}
// BPF-to-BPF call; imm = target - (this + 1).
constexpr Insn call_local(int32_t rel) {
    return make_insn(kClassJmp | kJmpCall, 0, kPseudoCall, 0, rel);
}
// Call of a kernel function; off selects the BTF object (0 = vmlinux).
constexpr Insn call_kfunc(int32_t btf_id, int16_t btf_fd_index = 0) {
    return make_insn(kClassJmp | kJmpCall, 0, kPseudoKfuncCall, btf_fd_index, btf_id);
}
constexpr Insn exit_insn() {
    return make_insn(kClassJmp | kJmpExit, 0, 0, 0, 0);
}

constexpr bool is_ld_imm64(const Insn& i) {
    return i.code == (kClassLd | kSizeDW | kModeImm);
}

}  // namespace bdtrace::bpf
