#include "process/function_code.h"

#include <Zydis/Zydis.h>

#include <algorithm>
#include <cstdio>

#include "process/return_sites.h"

namespace bdtrace::process {

namespace {

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

void stop(FunctionCode& out, uint64_t at, std::string why) {
    out.complete = false;
    out.landings_known = false;
    out.stopped_at = at;
    out.why = std::move(why);
}

// A direct branch (jmp, jcc, call, loop, jrcxz) and its target, relative to the function.
struct Branch {
    uint64_t from = 0;
    int64_t target = 0;
};

bool in_parts(const FunctionLayout& layout, uint64_t address) {
    for (const auto& [lo, hi] : layout.parts)
        if (address >= lo && address < hi) return true;
    return false;
}

// Whether the "instruction start" `off` is one: a start of the decode, or a start with some of
// its prefixes skipped (`jne 1f; lock; 1: cmpxchg` jumps past a LOCK prefix).
bool lands_on_insn(const std::vector<uint64_t>& insns, const std::vector<uint8_t>& prefixes, uint64_t off) {
    auto it = std::upper_bound(insns.begin(), insns.end(), off);
    if (it == insns.begin()) return false;
    --it;
    return off - *it <= prefixes[static_cast<size_t>(it - insns.begin())];
}

}  // namespace

bool FunctionCode::is_insn(uint64_t off) const { return std::binary_search(insns.begin(), insns.end(), off); }
bool FunctionCode::is_nop5(uint64_t off) const { return std::binary_search(nop5.begin(), nop5.end(), off); }
bool FunctionCode::lands_in(uint64_t from, uint64_t to) const {
    if (!landings_known) return true;
    auto it = std::lower_bound(landings.begin(), landings.end(), from);
    return it != landings.end() && *it <= to;
}

bool starts_with_nop5(std::span<const uint8_t> code) {
    ZydisDecoder d;
    ZydisDecoderInit(&d, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction insn;
    return ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&d, nullptr, code.data(), code.size(), &insn)) &&
           insn.mnemonic == ZYDIS_MNEMONIC_NOP && insn.length == 5;
}

FunctionCode decode_function(std::span<const uint8_t> code, const FunctionLayout& layout) {
    FunctionCode out;
    if (code.empty()) {
        stop(out, 0, "the function's bytes are not in the file");
        return out;
    }
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    const size_t size = code.size();
    std::vector<uint8_t> prefixes;   // per instruction: its legacy prefixes (and REX)
    std::vector<Branch> branches;    // direct branches whose target is inside the function
    std::vector<uint64_t> indirect;  // indirect jmps: classified once every branch is known
    size_t off = 0;
    ZydisMnemonic last = ZYDIS_MNEMONIC_INVALID;
    while (off < size) {
        ZydisDecoderContext context;
        ZydisDecodedInstruction insn;
        ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
        if (!ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&decoder, &context, code.data() + off,
                                                        size - off, &insn)) ||
            insn.length == 0) {
            // Running out of bytes mid-instruction is reported the same way: the symbol's size
            // ends inside an instruction, or these bytes are not code.
            stop(out, off, "cannot decode the instruction at offset " + hex(off));
            break;
        }
        const auto category = insn.meta.category;
        // Operands are decoded only where they are read: a branch's or a call's target.
        const bool branch = category == ZYDIS_CATEGORY_COND_BR ||
                            category == ZYDIS_CATEGORY_UNCOND_BR || category == ZYDIS_CATEGORY_CALL;
        if (branch && !ZYAN_SUCCESS(ZydisDecoderDecodeOperands(&decoder, &context, &insn, ops,
                                                               insn.operand_count))) {
            stop(out, off, "cannot decode the instruction at offset " + hex(off));
            break;
        }
        out.insns.push_back(off);
        prefixes.push_back(insn.raw.prefix_count);
        last = insn.mnemonic;
        if (insn.mnemonic == ZYDIS_MNEMONIC_NOP && insn.length == 5) out.nop5.push_back(off);
        if (category == ZYDIS_CATEGORY_CALL) out.has_call = true;
        if (insn.mnemonic == ZYDIS_MNEMONIC_RET) {
            out.has_ret = true;
            out.returns.push_back({off, ReturnKind::Ret});
        } else if ((category == ZYDIS_CATEGORY_COND_BR || category == ZYDIS_CATEGORY_UNCOND_BR ||
                    category == ZYDIS_CATEGORY_CALL) &&
                   insn.operand_count_visible > 0 && ops[0].type == ZYDIS_OPERAND_TYPE_IMMEDIATE &&
                   ops[0].imm.is_relative) {
            int64_t target = static_cast<int64_t>(off + insn.length) + ops[0].imm.value.s;
            if (category == ZYDIS_CATEGORY_CALL) out.self_call |= target == 0;
            if (target >= 0 && static_cast<uint64_t>(target) < size) {
                branches.push_back({off, target});
            } else if (category != ZYDIS_CATEGORY_CALL &&
                       !in_parts(layout, layout.start + static_cast<uint64_t>(target))) {
                // Leaving the function for good (not for its own .cold part): a tail call.
                out.returns.push_back({off, category == ZYDIS_CATEGORY_COND_BR ? ReturnKind::CondJump : ReturnKind::Jump});
            }
        } else if (category == ZYDIS_CATEGORY_UNCOND_BR && insn.operand_count_visible > 0 &&
                   (ops[0].type == ZYDIS_OPERAND_TYPE_REGISTER || ops[0].type == ZYDIS_OPERAND_TYPE_MEMORY)) {
            indirect.push_back(off);
        }
        off += insn.length;
    }
    if (last != ZYDIS_MNEMONIC_INVALID) out.last = ZydisMnemonicGetString(last);
    if (layout.frames) out.entry_return_address = layout.frames->return_address_at_rsp(layout.start);
    if (!out.complete) return out;

    // The cross-checks: branches and other symbols land on instruction starts.
    for (const Branch& b : branches)
        if (!lands_on_insn(out.insns, prefixes, static_cast<uint64_t>(b.target))) {
            stop(out, static_cast<uint64_t>(b.target),
                 "the branch at offset " + hex(b.from) + " lands inside an instruction, at " +
                     hex(static_cast<uint64_t>(b.target)));
            return out;
        }
    for (uint64_t a : layout.anchors) {
        if (a <= layout.start || a >= layout.start + size) continue;
        if (!out.is_insn(a - layout.start)) {
            stop(out, a - layout.start,
                 "another symbol starts inside an instruction, at offset " + hex(a - layout.start));
            return out;
        }
    }

    // Where control may arrive: the branches' landings and the other symbols' starts.
    for (const Branch& b : branches) out.landings.push_back(static_cast<uint64_t>(b.target));
    for (uint64_t a : layout.anchors)
        if (a > layout.start && a < layout.start + size) out.landings.push_back(a - layout.start);
    std::sort(out.landings.begin(), out.landings.end());
    out.landings.erase(std::unique(out.landings.begin(), out.landings.end()), out.landings.end());

    // Indirect jumps: a tail call unless they dispatch through a jump table (a switch, whose
    // targets are inside the function). Straight-line runs end where a branch lands.
    if (!indirect.empty()) {
        std::vector<uint64_t> landings;
        for (const Branch& b : branches) landings.push_back(static_cast<uint64_t>(b.target));
        std::sort(landings.begin(), landings.end());
        for (uint64_t j : indirect) {
            size_t index = static_cast<size_t>(std::lower_bound(out.insns.begin(), out.insns.end(), j) - out.insns.begin());
            if (jumps_through_table(code, out.insns, index, landings)) {
                out.landings_known = false;  // its targets are in the function, where, unknown
                continue;
            }
            // A tail call leaves the return address at (%rsp) for the callee; a computed goto
            // inside a frame does not (where the CFI says nothing, the jump counts as a return).
            if (layout.frames)
                if (auto at_rsp = layout.frames->return_address_at_rsp(layout.start + j); at_rsp && !*at_rsp) {
                    out.landings_known = false;
                    continue;
                }
            out.returns.push_back({j, ReturnKind::IndirectJump});
        }
        std::sort(out.returns.begin(), out.returns.end(),
                  [](const ReturnSite& a, const ReturnSite& b) { return a.offset < b.offset; });
    }
    return out;
}

FunctionLayout layout_of(const ElfFile& elf, const ElfSymbol& sym) {
    FunctionLayout l;
    l.start = sym.value;
    l.size = sym.size;
    // The other parts of a split function: from "f" or from any "f.cold*".
    std::string base = sym.name.substr(0, sym.name.find(".cold"));
    if (auto it = elf.split_parts.find(base); it != elf.split_parts.end())
        for (const auto& part : it->second)
            if (part.first != sym.value) l.parts.push_back(part);
    // The symbols that start inside it (tables sorted by address).
    for (const auto* table : {&elf.symtab, &elf.dynsym}) {
        auto it = std::upper_bound(table->begin(), table->end(), sym.value,
                                   [](uint64_t v, const ElfSymbol& s) { return v < s.value; });
        for (; it != table->end() && it->value < sym.value + sym.size; ++it) l.anchors.push_back(it->value);
    }
    std::sort(l.anchors.begin(), l.anchors.end());
    l.anchors.erase(std::unique(l.anchors.begin(), l.anchors.end()), l.anchors.end());
    l.frames = elf.frames();
    return l;
}

namespace {

// The direct branches of another part of the function (`f.cold` of `f`) that land in
// [start, start + size), added to out.landings; an indirect jump there or a part that does not
// decode leaves the landings unknown.
void add_part_landings(FunctionCode& out, std::span<const uint8_t> part, uint64_t part_start, uint64_t start,
                       uint64_t size) {
    if (part.empty()) {
        out.landings_known = false;
        return;
    }
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    size_t off = 0;
    while (off < part.size()) {
        ZydisDecodedInstruction insn;
        ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
        if (!ZYAN_SUCCESS(ZydisDecoderDecodeFull(&decoder, part.data() + off, part.size() - off, &insn, ops)) ||
            insn.length == 0) {
            out.landings_known = false;
            return;
        }
        const auto category = insn.meta.category;
        if ((category == ZYDIS_CATEGORY_COND_BR || category == ZYDIS_CATEGORY_UNCOND_BR) &&
            insn.operand_count_visible > 0) {
            if (ops[0].type == ZYDIS_OPERAND_TYPE_IMMEDIATE && ops[0].imm.is_relative) {
                uint64_t target = part_start + off + insn.length + static_cast<uint64_t>(ops[0].imm.value.s);
                if (target >= start && target < start + size) out.landings.push_back(target - start);
            } else {
                out.landings_known = false;
                return;
            }
        }
        off += insn.length;
    }
}

}  // namespace

FunctionCode decode_function(const ElfFile& elf, const ElfSymbol& sym) {
    return decode_function(elf, sym, elf.read(sym.value, sym.size));
}

FunctionCode decode_function(const ElfFile& elf, const ElfSymbol& sym,
                             std::span<const uint8_t> bytes) {
    FunctionLayout layout = layout_of(elf, sym);
    FunctionCode out = decode_function(bytes, layout);
    if (!out.complete || layout.parts.empty()) return out;
    for (const auto& [lo, hi] : layout.parts) add_part_landings(out, elf.read(lo, hi - lo), lo, sym.value, sym.size);
    std::sort(out.landings.begin(), out.landings.end());
    out.landings.erase(std::unique(out.landings.begin(), out.landings.end()), out.landings.end());
    return out;
}

}  // namespace bdtrace::process
