// The dtrace provider's programs (BEGIN, END): run once by the consumer (BPF_PROG_TEST_RUN);
// no arguments, the one probe's clauses. (ERROR's clauses run inside the other programs, from
// their fault paths: codegen.cpp.)

#include "codegen/gen.h"
#include "codegen/program_builders.h"

namespace bdtrace::codegen {

void build_dtrace_entry(EntrySetup& s) {
    find_scratch(s);
    bpf::VReg probe = probe_id_of(s, false);
    zero_args(s, probe);
    call_probe_clauses(s, probe);
}

}  // namespace bdtrace::codegen
