// codegen: sema::TypedProgram → codegen::ProgramSet (maps, BPF IR per attach kind, records).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "bdtrace/diagnostic.h"
#include "codegen/program_set.h"
#include "sema/typed.h"
#include "sema/types.h"

namespace bdtrace::codegen {

struct CodegenOptions {
    uint32_t strsize = 256;
    uint32_t bufsize = 4 << 20;  // ring buffer bytes (a power of two)
    uint32_t aggsize = 4 << 20;  // -x aggsize: bytes of aggregation entries
    uint32_t dynvarsize = 1 << 20;  // -x dynvarsize: bytes of dynamic variable entries
    uint32_t scratchsize = 256;  // -x scratchsize: bytes of alloca()/copyin() memory per clause
    uint32_t nspec = 1;          // -x nspec: speculation ids
    uint64_t specsize = 32768;   // -x specsize: bytes of each CPU's share of a speculation
    int32_t only_cpu = -1;       // -x cpu: probes act only on this CPU (-1: every CPU)
    uint32_t maxframes = 0;      // -x maxframes: most frames ustackdepth counts (0: the kernel's)
    // The text of a source line, for the annotations of -S and verifier messages.
    std::function<std::string(uint32_t line)> source_line;
};

std::unique_ptr<ProgramSet> generate(const sema::TypedProgram& prog, sema::TypeTable& types,
                                     const CodegenOptions& opts, DiagnosticList& diags);

// The library watch's program (ProgramSet::notice_program; gen_notice.cpp).
std::unique_ptr<bpf::Program> notice_program();
// The unwinder's exec watch (ProgramSet::unwind_exec_program; gen_unwind.cpp).
std::unique_ptr<bpf::Program> unwind_exec_program();

}  // namespace bdtrace::codegen
