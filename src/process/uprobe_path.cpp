#include "process/uprobe_path.h"

#include <Zydis/Zydis.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace bdtrace::process {

namespace {

constexpr uint64_t kPage = 4096;

// The kernel's NOP of each length (arch/x86/include/asm/nops.h: its x86_nops[]), which its
// uprobe emulates by comparing the probed bytes with them.
constexpr std::array<std::array<uint8_t, 8>, 9> kKernelNops = {{
    {},
    {0x90},
    {0x66, 0x90},
    {0x0f, 0x1f, 0x00},
    {0x0f, 0x1f, 0x40, 0x00},
    {0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00},
    {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00},
    {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
}};

// One-byte opcodes the x86-64 uprobe refuses (its good_insns_64 table): the formerly valid
// 32-bit ones, in/out, int3/int/into, hlt, cli/sti, iret, far jumps and calls. 0f (the two-byte
// escape) is accepted whole.
bool bad_opcode(uint8_t op) {
    switch (op) {
        case 0x06: case 0x07: case 0x0e: case 0x16: case 0x17: case 0x1e: case 0x1f:
        case 0x27: case 0x2f: case 0x37: case 0x3f: case 0x60: case 0x61: case 0x62:
        case 0x6c: case 0x6d: case 0x6e: case 0x6f: case 0x82: case 0x9a: case 0xcc: case 0xcd:
        case 0xce: case 0xcf: case 0xd4: case 0xd5: case 0xd6: case 0xe4: case 0xe5: case 0xe6:
        case 0xe7: case 0xea: case 0xec: case 0xed: case 0xee: case 0xef: case 0xf1: case 0xf4:
        case 0xfa: case 0xfb:
            return true;
        default:
            return false;
    }
}

std::string att_text(const ZydisDecodedInstruction& insn, const ZydisDecodedOperand* ops) {
    ZydisFormatter fmt;
    if (!ZYAN_SUCCESS(ZydisFormatterInit(&fmt, ZYDIS_FORMATTER_STYLE_ATT))) return "";
    char buf[96];
    // Relative targets print as offsets from this instruction's start (the runtime address is
    // not known here): "jmp +0x10".
    if (!ZYAN_SUCCESS(ZydisFormatterFormatInstruction(&fmt, &insn, ops, insn.operand_count_visible, buf, sizeof buf,
                                                      ZYDIS_RUNTIME_ADDRESS_NONE, nullptr)))
        return "";
    return buf;
}

}  // namespace

std::string_view path_name(UprobePath p) {
    switch (p) {
        case UprobePath::Emulated: return "emulated";
        case UprobePath::OptimizedNop: return "optimised NOP";
        case UprobePath::SingleStep: return "single-stepped";
        case UprobePath::Refused: return "refused by the kernel";
        case UprobePath::WrongNop: return "run as a NOP by the kernel (not attached)";
    }
    return "";
}

InsnPath uprobe_path(std::span<const uint8_t> code, uint64_t address) {
    InsnPath out;
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction insn;
    ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
    if (code.empty() || !ZYAN_SUCCESS(ZydisDecoderDecodeFull(&decoder, code.data(), code.size(), &insn, ops)))
        return out;
    out.length = insn.length;
    out.text = att_text(insn, ops);

    // The legacy prefixes and the REX byte, as the kernel's decoder sees them.
    bool opsize = false, bad_prefix = false;
    for (uint8_t i = 0; i < insn.raw.prefix_count; ++i) {
        uint8_t p = insn.raw.prefixes[i].value;
        if (p == 0x66) opsize = true;
        if (p == 0xf0 || p == 0x26 || p == 0x2e || p == 0x36 || p == 0x3e) bad_prefix = true;
    }
    const bool has_rex = (insn.attributes & ZYDIS_ATTRIB_HAS_REX) != 0;
    const uint8_t rex = has_rex ? code[insn.raw.rex.offset] : 0;
    const bool legacy = insn.encoding == ZYDIS_INSTRUCTION_ENCODING_LEGACY ||
                        insn.encoding == ZYDIS_INSTRUCTION_ENCODING_3DNOW;
    if (bad_prefix || !legacy) {
        // VEX, EVEX and XOP: the kernel accepts some VEX opcodes, but bdtrace's attach screens
        // them all out (kernel/uprobe_bisect.cpp), so they count as refused here too.
        out.path = UprobePath::Refused;
        return out;
    }
    const bool one_byte = insn.opcode_map == ZYDIS_OPCODE_MAP_DEFAULT;
    const bool two_byte = insn.opcode_map == ZYDIS_OPCODE_MAP_0F;
    if (one_byte && bad_opcode(insn.opcode)) {
        out.path = UprobePath::Refused;
        return out;
    }

    // Opcode 90 after any prefixes is a NOP to the kernel, also when REX.B makes it an xchg.
    const bool nop90 = one_byte && insn.opcode == 0x90;
    if (nop90 && (rex & 0x01)) {
        out.path = UprobePath::WrongNop;
        return out;
    }
    // Optimised: a 5-byte NOP (90 or 0f 1f /0) within one page (6.18's can_optimize).
    const bool nopl = two_byte && insn.opcode == 0x1f && insn.raw.modrm.reg == 0;
    if (insn.length == 5 && (nop90 || nopl) && kPage - (address % kPage) >= 5) {
        out.path = UprobePath::OptimizedNop;
        return out;
    }

    // Emulated: the kernel's own NOPs, opcode 90, direct branches, pushes of a register.
    out.path = UprobePath::Emulated;
    if (insn.length <= 8 && code.size() >= insn.length &&
        std::memcmp(code.data(), kKernelNops[insn.length].data(), insn.length) == 0)
        return out;
    if (nop90) return out;
    const bool branch = (one_byte && (insn.opcode == 0xeb || insn.opcode == 0xe9 || insn.opcode == 0xe8 ||
                                      (insn.opcode >= 0x70 && insn.opcode <= 0x7f))) ||
                        (two_byte && insn.opcode >= 0x80 && insn.opcode <= 0x8f);
    if (branch) {
        // A 16-bit branch (66 prefix) is refused rather than emulated.
        if (opsize) out.path = UprobePath::Refused;
        return out;
    }
    if (one_byte && insn.opcode >= 0x50 && insn.opcode <= 0x57 &&
        (insn.length == 1 || (insn.length == 2 && rex == 0x41 && insn.raw.prefix_count == 1)))
        return out;
    out.path = UprobePath::SingleStep;
    return out;
}

}  // namespace bdtrace::process
