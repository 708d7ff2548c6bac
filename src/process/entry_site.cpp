#include "process/entry_site.h"

#include <Zydis/Zydis.h>

#include <cstdio>

namespace bdtrace::process {

namespace {

// How far the entry may move: compilers put at most a few register moves and tests before the
// first push or branch.
constexpr size_t kMaxSkipped = 8;

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// Register arithmetic that cannot fault and touches nothing but its operands and the flags.
bool plain_arithmetic(ZydisMnemonic m) {
    switch (m) {
        case ZYDIS_MNEMONIC_MOV: case ZYDIS_MNEMONIC_MOVZX: case ZYDIS_MNEMONIC_MOVSX:
        case ZYDIS_MNEMONIC_MOVSXD: case ZYDIS_MNEMONIC_LEA: case ZYDIS_MNEMONIC_XOR:
        case ZYDIS_MNEMONIC_AND: case ZYDIS_MNEMONIC_OR: case ZYDIS_MNEMONIC_ADD: case ZYDIS_MNEMONIC_SUB:
        case ZYDIS_MNEMONIC_ADC: case ZYDIS_MNEMONIC_SBB: case ZYDIS_MNEMONIC_CMP: case ZYDIS_MNEMONIC_TEST:
        case ZYDIS_MNEMONIC_SHL: case ZYDIS_MNEMONIC_SHR: case ZYDIS_MNEMONIC_SAR: case ZYDIS_MNEMONIC_ROL:
        case ZYDIS_MNEMONIC_ROR: case ZYDIS_MNEMONIC_NOT: case ZYDIS_MNEMONIC_NEG: case ZYDIS_MNEMONIC_INC:
        case ZYDIS_MNEMONIC_DEC: case ZYDIS_MNEMONIC_BSWAP: case ZYDIS_MNEMONIC_BT: case ZYDIS_MNEMONIC_IMUL:
        case ZYDIS_MNEMONIC_SETB: case ZYDIS_MNEMONIC_SETBE: case ZYDIS_MNEMONIC_SETL: case ZYDIS_MNEMONIC_SETLE:
        case ZYDIS_MNEMONIC_SETNB: case ZYDIS_MNEMONIC_SETNBE: case ZYDIS_MNEMONIC_SETNL:
        case ZYDIS_MNEMONIC_SETNLE: case ZYDIS_MNEMONIC_SETNO: case ZYDIS_MNEMONIC_SETNP:
        case ZYDIS_MNEMONIC_SETNS: case ZYDIS_MNEMONIC_SETNZ: case ZYDIS_MNEMONIC_SETO: case ZYDIS_MNEMONIC_SETP:
        case ZYDIS_MNEMONIC_SETS: case ZYDIS_MNEMONIC_SETZ: case ZYDIS_MNEMONIC_CMOVB: case ZYDIS_MNEMONIC_CMOVBE:
        case ZYDIS_MNEMONIC_CMOVL: case ZYDIS_MNEMONIC_CMOVLE: case ZYDIS_MNEMONIC_CMOVNB:
        case ZYDIS_MNEMONIC_CMOVNBE: case ZYDIS_MNEMONIC_CMOVNL: case ZYDIS_MNEMONIC_CMOVNLE:
        case ZYDIS_MNEMONIC_CMOVNO: case ZYDIS_MNEMONIC_CMOVNP: case ZYDIS_MNEMONIC_CMOVNS:
        case ZYDIS_MNEMONIC_CMOVNZ: case ZYDIS_MNEMONIC_CMOVO: case ZYDIS_MNEMONIC_CMOVP: case ZYDIS_MNEMONIC_CMOVS:
        case ZYDIS_MNEMONIC_CMOVZ:
            return true;
        default:
            return false;
    }
}

bool scratch_register(ZydisRegister r) {
    ZydisRegister full = ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, r);
    return full == ZYDIS_REGISTER_RAX || full == ZYDIS_REGISTER_R10 || full == ZYDIS_REGISTER_R11 ||
           r == ZYDIS_REGISTER_FLAGS || r == ZYDIS_REGISTER_EFLAGS || r == ZYDIS_REGISTER_RFLAGS;
}

bool returns_at(const FunctionCode& fc, uint64_t off) {
    for (const ReturnSite& r : fc.returns)
        if (r.offset == off) return true;
    return false;
}

}  // namespace

Readable readable_of(const ElfFile& elf) {
    Readable out;
    for (const ElfSegment& seg : elf.loads)
        if (seg.flags & 4) out.emplace_back(seg.vaddr, seg.vaddr + seg.memsz);  // PF_R
    return out;
}

SkipEffect skip_effect(std::span<const uint8_t> code, uint64_t address, const Readable& readable) {
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction insn;
    ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
    if (code.empty() || !ZYAN_SUCCESS(ZydisDecoderDecodeFull(&decoder, code.data(), code.size(), &insn, ops)))
        return SkipEffect::Other;
    if (insn.mnemonic == ZYDIS_MNEMONIC_ENDBR64 || insn.mnemonic == ZYDIS_MNEMONIC_NOP) return SkipEffect::Nothing;
    if (insn.encoding != ZYDIS_INSTRUCTION_ENCODING_LEGACY || !plain_arithmetic(insn.mnemonic) ||
        (insn.attributes & ZYDIS_ATTRIB_HAS_LOCK))
        return SkipEffect::Other;
    for (uint8_t i = 0; i < insn.operand_count; ++i) {
        const ZydisDecodedOperand& op = ops[i];
        if (op.type == ZYDIS_OPERAND_TYPE_MEMORY && op.mem.type != ZYDIS_MEMOP_TYPE_AGEN) {
            // Only a read of the object's own data: %rip-relative, inside a readable segment.
            if ((op.actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) || op.mem.base != ZYDIS_REGISTER_RIP ||
                op.mem.index != ZYDIS_REGISTER_NONE || op.mem.segment != ZYDIS_REGISTER_DS)
                return SkipEffect::Other;
            uint64_t at = address + insn.length + static_cast<uint64_t>(op.mem.disp.value);
            uint64_t end = at + op.size / 8;
            bool inside = false;
            for (const auto& [lo, hi] : readable) inside |= at >= lo && end <= hi;
            if (!inside) return SkipEffect::Other;
            continue;
        }
        if (op.type == ZYDIS_OPERAND_TYPE_POINTER) return SkipEffect::Other;
        if (op.type == ZYDIS_OPERAND_TYPE_REGISTER && (op.actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) &&
            !scratch_register(op.reg.value))
            return SkipEffect::Other;
    }
    return SkipEffect::Scratch;
}

EntryPlacement place_entry(std::span<const uint8_t> code, const FunctionCode& fc, uint64_t address,
                           const Readable& readable) {
    EntryPlacement out;
    out.first.insn = uprobe_path(code, address);
    out.exact = out.further = out.first;
    if (fast_path(out.first.insn.path) || out.first.insn.length == 0) return out;
    if (!fc.complete) {
        out.why_not = "the function does not decode completely";
        return out;
    }
    if (!fc.landings_known) {
        out.why_not = "the function jumps inside itself through a register (a switch or a computed goto)";
        return out;
    }
    bool only_nothing = true;  // every instruction so far changes no register
    for (size_t i = 0; i < fc.insns.size() && i <= kMaxSkipped; ++i) {
        uint64_t off = fc.insns[i];
        if (off >= code.size()) break;
        std::span<const uint8_t> at = code.subspan(off);
        if (i > 0) {
            if (fc.lands_in(off, off)) {
                out.why_not = "a branch lands at offset " + hex(off);
                return out;
            }
            InsnPath path = uprobe_path(at, address + off);
            // Never onto a 5-byte NOP the kernel would turn into a CALL (docs/safety.md).
            if (path.path == UprobePath::Emulated) {
                if (returns_at(fc, off)) {
                    out.why_not = "the first instruction handled without single-stepping leaves the function";
                    return out;
                }
                out.further = {off, path};
                if (only_nothing) out.exact = out.further;
                return out;
            }
        }
        SkipEffect effect = skip_effect(at, address + off, readable);
        if (effect == SkipEffect::Other) {
            std::string text = i == 0 ? out.first.insn.text : uprobe_path(at, address + off).text;
            out.why_not = "`" + text + "` at offset " + hex(off) + " changes what the probe would see";
            return out;
        }
        if (effect == SkipEffect::Scratch) only_nothing = false;
    }
    out.why_not = "no instruction near the entry is handled without single-stepping";
    return out;
}

}  // namespace bdtrace::process
