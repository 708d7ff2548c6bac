// The assemble stage, between code generation (src/codegen/) and loading (src/runtime/): every
// program of a ProgramSet is assembled once (bpf/assembler.h: register allocation, layout,
// call offsets) into the set's `code` fields. The runtime loads that code, -S prints it, and
// BTF func_info takes each function's parameter count from it (bpf::Function::params()).
#pragma once

#include <string>

#include <vector>

#include "codegen/process_watch.h"
#include "codegen/program_set.h"

namespace bdtrace::assemble {

// Fills GenProgram::code for every program and the helper programs' code (notice_code,
// vtime_code, unwind_exec_code), and sets ProgramSet::assembled. False with the assembler's
// message (which names the function) in `error` when a program cannot be assembled.
bool assemble_programs(codegen::ProgramSet& ps, std::string& error);

// Fills the code of each of the process watch's programs (codegen/process_watch.h); false with
// the assembler's message in `error` when one cannot be assembled.
bool assemble_watch(std::vector<codegen::watch::WatchProgram>& programs, std::string& error);

}  // namespace bdtrace::assemble
