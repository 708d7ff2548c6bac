// Lowering one allocated function to kernel instructions: physical registers substituted, the
// parallel moves around calls, entry and return sequenced, stack objects and spill slots turned
// into r10 offsets, and jumps inside the function resolved. Calls of other functions and map
// loads are left for the assembler as fixups.
#pragma once

#include <string>
#include <vector>

#include "bpf/insn.h"
#include "bpf/ir.h"
#include "bpf/regalloc.h"

namespace bdtrace::bpf {

struct EmittedFunction {
    std::vector<Insn> insns;
    std::vector<uint32_t> note;  // per instruction: Function::notes() index + 1, or 0
    struct CallFixup {
        uint32_t insn;
        FunctionId callee;
    };
    struct MapFixup {
        uint32_t insn;
        MapRef map;
        MapLoad kind;
    };
    std::vector<CallFixup> calls;
    std::vector<MapFixup> maps;
};

bool emit_function(const Function& f, const Allocation& a, EmittedFunction& out,
                   std::string& error);

}  // namespace bdtrace::bpf
