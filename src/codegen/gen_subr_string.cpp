// String and byte-order subroutines (see sema/check_subr_string.cpp).
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::VReg;

VReg ClauseGen::string_subroutine(const sema::Node&) { return {}; }

}  // namespace bdtrace::codegen
