// Speculations (see sema/check_speculation.cpp).
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::VReg;

VReg ClauseGen::speculation_subroutine(const sema::Node&) { return {}; }

void ClauseGen::speculation_action(const sema::Action& a, ActionRecord&) {
    g.error("D_UNKNOWN", a.range, "speculations are not yet supported by the code generator");
}

}  // namespace bdtrace::codegen
