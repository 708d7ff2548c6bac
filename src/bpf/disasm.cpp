// The disassembler; notation as in the kernel's kernel/bpf/disasm.c (see disasm.h).
#include "bpf/disasm.h"

#include <cstdio>

#include "bpf/helpers.h"

namespace bdtrace::bpf {

namespace {

const char* alu_op(uint8_t op) {
    switch (op) {
        case kAluAdd:
            return "+=";
        case kAluSub:
            return "-=";
        case kAluMul:
            return "*=";
        case kAluDiv:
            return "/=";
        case kAluOr:
            return "|=";
        case kAluAnd:
            return "&=";
        case kAluLsh:
            return "<<=";
        case kAluRsh:
            return ">>=";
        case kAluMod:
            return "%=";
        case kAluXor:
            return "^=";
        case kAluMov:
            return "=";
        case kAluArsh:
            return "s>>=";
        default:
            return nullptr;
    }
}

const char* jmp_op(uint8_t op) {
    switch (op) {
        case kJmpJeq:
            return "==";
        case kJmpJgt:
            return ">";
        case kJmpJge:
            return ">=";
        case kJmpJset:
            return "&";
        case kJmpJne:
            return "!=";
        case kJmpJsgt:
            return "s>";
        case kJmpJsge:
            return "s>=";
        case kJmpJlt:
            return "<";
        case kJmpJle:
            return "<=";
        case kJmpJslt:
            return "s<";
        case kJmpJsle:
            return "s<=";
        default:
            return nullptr;
    }
}

const char* atomic_alu(int32_t imm) {
    switch (imm & ~kAtomicFetch) {
        case kAtomicAdd:
            return "add";
        case kAtomicAnd:
            return "and";
        case kAtomicOr:
            return "or";
        case kAtomicXor:
            return "xor";
        default:
            return nullptr;
    }
}

const char* ldst_type(uint8_t size, bool sign = false) {
    switch (size) {
        case kSizeW:
            return sign ? "s32" : "u32";
        case kSizeH:
            return sign ? "s16" : "u16";
        case kSizeB:
            return sign ? "s8" : "u8";
        default:
            return "u64";
    }
}

std::string fmt(const char* f, auto... args) {
    char buf[160];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

std::string alu(const Insn& i) {
    uint8_t cls = insn_class(i.code), op = insn_op(i.code);
    char w = cls == kClassAlu ? 'w' : 'r';
    int d = i.dst, s = i.src;
    if (op == kAluEnd) {
        if (cls == kClassAlu64) return fmt("r%d = bswap%d r%d", d, i.imm, d);
        return fmt("r%d = %s%d r%d", d, insn_src(i.code) == kEndToBe ? "be" : "le", i.imm, d);
    }
    if (op == kAluNeg) return fmt("%c%d = -%c%d", w, d, w, d);
    const char* name = alu_op(op);
    if (!name) return fmt("BUG_alu_%02x", i.code);
    if ((op == kAluDiv || op == kAluMod) && i.off == 1) name = op == kAluDiv ? "s/=" : "s%=";
    if (insn_src(i.code) == kSrcX) {
        const char* sx = "";
        if (op == kAluMov && i.off == 8) sx = "(s8)";
        if (op == kAluMov && i.off == 16) sx = "(s16)";
        if (op == kAluMov && i.off == 32) sx = "(s32)";
        return fmt("%c%d %s %s%c%d", w, d, name, sx, w, s);
    }
    return fmt("%c%d %s %d", w, d, name, i.imm);
}

std::string stx_text(const Insn& i) {
    const char* t = ldst_type(insn_size(i.code));
    int d = i.dst, s = i.src, off = i.off;
    if (insn_mode(i.code) == kModeMem) return fmt("*(%s *)(r%d %+d) = r%d", t, d, off, s);
    if (insn_mode(i.code) != kModeAtomic) return fmt("BUG_%02x", i.code);
    const char* w64 = insn_size(i.code) == kSizeDW ? "64" : "";
    if (i.imm == kAtomicCmpXchg)
        return fmt("r0 = atomic%s_cmpxchg((%s *)(r%d %+d), r0, r%d)", w64, t, d, off, s);
    if (i.imm == kAtomicXchg)
        return fmt("r%d = atomic%s_xchg((%s *)(r%d %+d), r%d)", s, w64, t, d, off, s);
    const char* name = atomic_alu(i.imm);
    if (!name || (i.imm & ~(kAtomicFetch | 0xf0)) != 0) return fmt("BUG_%02x", i.code);
    if (i.imm & kAtomicFetch)
        return fmt("r%d = atomic%s_fetch_%s((%s *)(r%d %+d), r%d)", s, w64, name, t, d, off, s);
    return fmt("lock *(%s *)(r%d %+d) %s r%d", t, d, off, alu_op(static_cast<uint8_t>(i.imm)), s);
}

std::string ld_imm64_text(const Insn* insns, size_t count, size_t index) {
    const Insn& i = insns[index];
    uint32_t hi = index + 1 < count ? static_cast<uint32_t>(insns[index + 1].imm) : 0;
    uint64_t v = (static_cast<uint64_t>(hi) << 32) | static_cast<uint32_t>(i.imm);
    switch (i.src) {
        case kPseudoMapFd:
            return fmt("r%d = map[id:%d]", i.dst, i.imm);
        case kPseudoMapValue:
            return fmt("r%d = map[id:%d][0]+%u", i.dst, i.imm, hi);
        case kPseudoBtfId:
            return fmt("r%d = btf_id[%d]", i.dst, i.imm);
        case kPseudoFunc:
            return fmt("r%d = func pc%+d", i.dst, i.imm);
        default:
            return fmt("r%d = 0x%llx", i.dst, static_cast<unsigned long long>(v));
    }
}

std::string jmp(const Insn& i, const DisasmOptions& opt) {
    uint8_t cls = insn_class(i.code), op = insn_op(i.code);
    if (op == kJmpCall && cls == kClassJmp) {
        if (i.src == kPseudoCall) return fmt("call pc%+d", i.imm);
        if (i.src == kPseudoKfuncCall) {
            std::string name = opt.kfunc_name ? opt.kfunc_name(i.imm) : "";
            return "call " + (name.empty() ? std::string("kernel-function") : name) + "#" +
                   std::to_string(i.imm);
        }
        auto name = helper_name(i.imm);
        return "call " + std::string(name ? *name : "unknown") + "#" + std::to_string(i.imm);
    }
    if (i.code == (kClassJmp | kJmpJa)) return fmt("goto pc%+d", i.off);
    if (i.code == (kClassJmp32 | kJmpJa)) return fmt("gotol pc%+d", i.imm);
    if (i.code == (kClassJmp | kJmpExit)) return "exit";
    const char* name = jmp_op(op);
    if (!name) return fmt("BUG_jmp_%02x", i.code);
    char w = cls == kClassJmp32 ? 'w' : 'r';
    if (insn_src(i.code) == kSrcX)
        return fmt("if %c%d %s %c%d goto pc%+d", w, i.dst, name, w, i.src, i.off);
    return fmt("if %c%d %s 0x%x goto pc%+d", w, i.dst, name, static_cast<uint32_t>(i.imm), i.off);
}

}  // namespace

std::string format_insn(const Insn* insns, size_t count, size_t index, const DisasmOptions& opt) {
    const Insn& i = insns[index];
    std::string text;
    switch (insn_class(i.code)) {
        case kClassAlu:
        case kClassAlu64:
            text = alu(i);
            break;
        case kClassStx:
            text = stx_text(i);
            break;
        case kClassSt:
            text = insn_mode(i.code) == kModeMem
                       ? fmt("*(%s *)(r%d %+d) = %d", ldst_type(insn_size(i.code)), i.dst, i.off,
                             i.imm)
                       : fmt("BUG_st_%02x", i.code);
            break;
        case kClassLdx: {
            uint8_t mode = insn_mode(i.code);
            if (mode != kModeMem && mode != kModeMemSx)
                text = fmt("BUG_ldx_%02x", i.code);
            else
                text = fmt("r%d = *(%s *)(r%d %+d)", i.dst,
                           ldst_type(insn_size(i.code), mode == kModeMemSx), i.src, i.off);
            break;
        }
        case kClassLd:
            text = is_ld_imm64(i) ? ld_imm64_text(insns, count, index) : fmt("BUG_ld_%02x", i.code);
            break;
        default:
            text = jmp(i, opt);
            break;
    }
    if (!opt.opcodes) return text;
    return fmt("(%02x) ", i.code) + text;
}

namespace {

void listing(const Insn* insns, size_t count, const DisasmOptions& opt, const Assembled* code,
             std::string& out) {
    const SourceNote* last_note = nullptr;
    for (size_t k = 0; k < count; ++k) {
        if (code && opt.annotate) {
            for (const FunctionInfo& f : code->functions)
                if (f.start == k) {
                    out += "/* function " + std::to_string(f.id) + ": " + f.name + ", stack " +
                           std::to_string(f.stack_size) + " bytes */\n";
                    last_note = nullptr;
                }
            const SourceNote* n = code->source_of(static_cast<uint32_t>(k));
            if (n && n != last_note)
                out += "/* line " + std::to_string(n->line) + ": " + n->text + " */\n";
            last_note = n;
        }
        out += std::to_string(k) + ": " + format_insn(insns, count, k, opt) + "\n";
        if (is_ld_imm64(insns[k])) ++k;
    }
}

}  // namespace

std::string disassemble(const std::vector<Insn>& insns, const DisasmOptions& opt) {
    std::string out;
    listing(insns.data(), insns.size(), opt, nullptr, out);
    return out;
}

std::string disassemble(const Assembled& code, const DisasmOptions& opt) {
    std::string out;
    listing(code.insns.data(), code.insns.size(), opt, &code, out);
    return out;
}

}  // namespace bdtrace::bpf
