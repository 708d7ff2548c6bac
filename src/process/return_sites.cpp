#include "process/return_sites.h"

#include <Zydis/Zydis.h>

namespace bdtrace::process {

ReturnSites return_sites(const uint8_t* code, size_t size) {
    ReturnSites out;
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    size_t off = 0;
    while (off < size) {
        ZydisDecodedInstruction insn;
        ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
        if (!ZYAN_SUCCESS(ZydisDecoderDecodeFull(&decoder, code + off, size - off, &insn, ops)) ||
            insn.length == 0) {
            out.complete = false;
            break;
        }
        if (insn.mnemonic == ZYDIS_MNEMONIC_RET) {
            out.offsets.push_back(off);
        } else if (insn.mnemonic == ZYDIS_MNEMONIC_JMP && insn.operand_count_visible > 0 &&
                   ops[0].type == ZYDIS_OPERAND_TYPE_IMMEDIATE && ops[0].imm.is_relative) {
            // A direct jump whose target lies outside the function is a tail call.
            int64_t target = static_cast<int64_t>(off + insn.length) + ops[0].imm.value.s;
            if (target < 0 || static_cast<uint64_t>(target) >= size) out.offsets.push_back(off);
        }
        off += insn.length;
    }
    return out;
}

}  // namespace bdtrace::process
