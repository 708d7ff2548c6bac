// The profile provider's programs (profile-N on every CPU, tick-N on one): a perf event's
// program, the probe id in the cookie when the program serves several rates; arg0 the kernel pc
// or arg1 the user pc the timer interrupted.

#include "arch/x86_64_regs.h"
#include "codegen/gen.h"
#include "codegen/program_builders.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

void build_profile_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    find_scratch(s);
    VReg probe = probe_id_of(s, s.probe_ids.size() != 1);
    f.store(8, s.scratch, abi::kScratchProbeId, probe);
    // arg0 and arg1, when a clause reads one: bpf_perf_event_data begins with the interrupted
    // pt_regs.
    const bool arg0 = s.reads_arg(0), arg1 = s.reads_arg(1);
    if (!arg0 && !arg1) {
        call_probe_clauses(s, probe);
        return;
    }
    VReg ip = f.vreg(), cs = f.vreg();
    f.load(8, ip, s.ctx, arch::kRip);
    f.load(8, cs, s.ctx, arch::kCs);
    f.alu64(AluOp::And, cs, arch::kCsPrivilegeMask);
    bpf::Label kernel = f.new_label(), done = f.new_label();
    f.branch(Cond::Eq, cs, 0, kernel);
    if (arg0) f.store(8, s.scratch, abi::scratch_arg(0), 0);
    if (arg1) f.store(8, s.scratch, abi::scratch_arg(1), ip);  // arg1: user pc
    f.jump(done);
    f.bind(kernel);
    if (arg0) f.store(8, s.scratch, abi::scratch_arg(0), ip);  // arg0: kernel pc
    if (arg1) f.store(8, s.scratch, abi::scratch_arg(1), 0);
    f.bind(done);
    call_probe_clauses(s, probe);
}

}  // namespace bdtrace::codegen
