#include "process/insn_offsets.h"

#include <Zydis/Zydis.h>

namespace bdtrace::process {

InsnOffsets instruction_offsets(const uint8_t* code, size_t size) {
    InsnOffsets out;
    ZydisDecoder decoder;
    ZydisDecoderInit(&decoder, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    size_t off = 0;
    while (off < size) {
        ZydisDecodedInstruction insn;
        if (!ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&decoder, nullptr, code + off, size - off,
                                                        &insn)) ||
            insn.length == 0) {
            out.complete = false;
            out.stopped_at = off;
            break;
        }
        out.offsets.push_back(off);
        off += insn.length;
    }
    return out;
}

}  // namespace bdtrace::process
