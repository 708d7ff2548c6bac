// Memory subroutines (see sema/check_subr_memory.cpp).
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::VReg;

VReg ClauseGen::memory_subroutine(const sema::Node&) { return {}; }

}  // namespace bdtrace::codegen
