// fbt probes: a kernel function's entry or return through a BPF trampoline. There is no
// fentry-multi, and a tracing program is verified against the one function it was loaded for,
// so the sdt program's code is loaded again for each function (fentry or fexit, at the
// function's vmlinux BTF id) and attached with the probe id as its cookie; the sdt table row
// says how many argument slots the trampoline's context holds and whether the last one is the
// return value.
#include "runtime/session.h"

namespace bdtrace::runtime {

bool Session::attach_kernel_functions(const Loaded& sdt, const std::map<uint32_t, const codegen::Epid*>& probes,
                                      SessionError* err) {
    if (const kernel::FeatureStatus& st = kernel_.feature(kernel::Feature::Fentry); !st.available) {
        *err = {"fbt provider unavailable: " + st.reason, 2, ""};
        return false;
    }
    for (const auto& [id, e] : probes) {
        auto fail = [&, e = e](const kernel::Error& why, int status, std::string log) {
            *err = {"failed to enable " + e->provider + ":" + e->module + ":" + e->function + ":" + e->name + ": " +
                        why.message,
                    status, std::move(log)};
            return false;
        };
        auto btf_id = kernel_.vmlinux_type_id(e->function, kernel::BtfKind::Func);
        if (!btf_id) return fail(btf_id.error(), 1, "");
        kernel::ProgramSpec spec;
        spec.type = kernel::ProgramType::Tracing;
        const bool fentry = e->plan_as<probes::KernelPlan>()->hook == probes::KernelHook::Fentry;
        spec.expected_attach = fentry ? kernel::AttachType::TraceFentry : kernel::AttachType::TraceFexit;
        spec.attach_btf_id = *btf_id;
        spec.name = fentry ? "dt_fentry" : "dt_fexit";
        spec.insns = std::as_bytes(std::span(sdt.code.insns));
        spec.btf = sdt.btf.get();
        spec.func_info = sdt.func_info;
        auto prog = kernel_.load_program(spec);
        if (!prog) return fail(prog.error(), prog.error().exit_status(), prog.error().verifier_log);
        auto link = kernel_.attach_tracing(**prog, id);
        if (!link) return fail(link.error(), link.error().exit_status(), "");
        hook_programs_.push_back(std::move(prog.value()));
        links_.push_back(std::move(link.value()));
    }
    return true;
}

}  // namespace bdtrace::runtime
