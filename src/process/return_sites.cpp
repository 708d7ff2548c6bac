#include "process/return_sites.h"

#include <Zydis/Zydis.h>

#include <algorithm>

namespace bdtrace::process {

namespace {

// How far back a jump-table load is looked for: compilers put it right before the jump
// (load, add the table's base, jump), with at most a move or two in between.
constexpr size_t kLookBack = 8;

ZydisRegister full(ZydisRegister r) {
    return r == ZYDIS_REGISTER_NONE ? r : ZydisRegisterGetLargestEnclosing(ZYDIS_MACHINE_MODE_LONG_64, r);
}

bool general_purpose(ZydisRegister r) {
    return r >= ZYDIS_REGISTER_RAX && r <= ZYDIS_REGISTER_R15 && r != ZYDIS_REGISTER_RSP;
}

}  // namespace

bool jumps_through_table(std::span<const uint8_t> code, const std::vector<uint64_t>& insns, size_t index,
                         const std::vector<uint64_t>& landings) {
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction insn;
    ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
    auto decode = [&](size_t i) {
        return ZYAN_SUCCESS(ZydisDecoderDecodeFull(&decoder, code.data() + insns[i], code.size() - insns[i], &insn, ops));
    };
    if (index >= insns.size() || !decode(index)) return false;
    if (insn.attributes & ZYDIS_ATTRIB_HAS_NOTRACK) return true;
    if (ops[0].type == ZYDIS_OPERAND_TYPE_MEMORY) return ops[0].mem.index != ZYDIS_REGISTER_NONE;
    if (ops[0].type != ZYDIS_OPERAND_TYPE_REGISTER) return false;

    // Walk back through the straight run before the jump, following where the jump register's
    // value came from.
    std::vector<ZydisRegister> tracked{full(ops[0].reg.value)};
    for (size_t k = index; k-- > 0 && index - k <= kLookBack;) {
        if (std::binary_search(landings.begin(), landings.end(), insns[k + 1])) return false;
        if (!decode(k)) return false;
        auto category = insn.meta.category;
        if (category == ZYDIS_CATEGORY_UNCOND_BR || category == ZYDIS_CATEGORY_RET ||
            category == ZYDIS_CATEGORY_CALL || category == ZYDIS_CATEGORY_SYSCALL)
            return false;  // the run starts after it, or a call's result is a function pointer
        bool writes = false;
        for (size_t j = 0; j < insn.operand_count; ++j)
            if (ops[j].type == ZYDIS_OPERAND_TYPE_REGISTER && (ops[j].actions & ZYDIS_OPERAND_ACTION_MASK_WRITE) &&
                std::find(tracked.begin(), tracked.end(), full(ops[j].reg.value)) != tracked.end())
                writes = true;
        if (!writes) continue;
        std::vector<ZydisRegister> sources;
        for (size_t j = 0; j < insn.operand_count; ++j) {
            const auto& op = ops[j];
            if (op.type == ZYDIS_OPERAND_TYPE_MEMORY && op.mem.type == ZYDIS_MEMOP_TYPE_MEM) {
                // A load: from an indexed table (a jump table's entry), or a pointer from memory.
                return op.mem.index != ZYDIS_REGISTER_NONE;
            }
            if (op.type == ZYDIS_OPERAND_TYPE_MEMORY && op.mem.type == ZYDIS_MEMOP_TYPE_AGEN) {  // lea
                // An address inside the function itself: the jump goes to code computed from it
                // (memcpy's blocks of code indexed by size), not out of the function.
                if (op.mem.base == ZYDIS_REGISTER_RIP && op.mem.disp.has_displacement) {
                    int64_t target = static_cast<int64_t>(insns[k] + insn.length) + op.mem.disp.value;
                    if (target >= 0 && static_cast<uint64_t>(target) < code.size()) return true;
                }
                sources.push_back(full(op.mem.base));
                sources.push_back(full(op.mem.index));
            } else if (op.type == ZYDIS_OPERAND_TYPE_REGISTER && (op.actions & ZYDIS_OPERAND_ACTION_MASK_READ)) {
                sources.push_back(full(op.reg.value));
            }
        }
        // Arithmetic and moves between registers: follow the registers it was computed from.
        for (size_t j = 0; j < insn.operand_count; ++j)
            if (ops[j].type == ZYDIS_OPERAND_TYPE_REGISTER && (ops[j].actions & ZYDIS_OPERAND_ACTION_MASK_WRITE))
                tracked.erase(std::remove(tracked.begin(), tracked.end(), full(ops[j].reg.value)), tracked.end());
        for (ZydisRegister r : sources)
            if (general_purpose(r) && std::find(tracked.begin(), tracked.end(), r) == tracked.end()) tracked.push_back(r);
        if (tracked.empty()) return false;
    }
    return false;
}

}  // namespace bdtrace::process
