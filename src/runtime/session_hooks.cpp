// The session's helpers that are not probes: vtimestamp's hook on sched_switch
// (ProgramSet::vtime_program) and the table of the tracing machinery's kernel text that kernel
// stacks leave out (abi::kMachineryMap, codegen/gen_kstack.cpp). Both are in place before any
// probe is attached.
#include <cstring>
#include <set>

#include "bpf/assembler.h"
#include "codegen/abi.h"
#include "process/tracing_frames.h"
#include "runtime/session.h"

namespace bdtrace::runtime {

namespace {

SessionError from(const kernel::Error& e) { return SessionError{e.message, e.exit_status(), e.verifier_log}; }

}  // namespace

bool Session::attach_hooks(SessionError* err) {
    if (ps_.vtime_code) {
        std::optional<bpf::Assembled> code = ps_.vtime_code;
        bpf::apply_map_fds(code->insns, code->relocs, [&](bpf::MapRef m) { return maps_.at(m)->fd(); });
        kernel::ProgramSpec spec;
        spec.type = kernel::ProgramType::RawTracepoint;
        spec.name = "dt_vtime";
        spec.insns = std::as_bytes(std::span(code->insns));
        auto prog = kernel_.load_program(spec);
        if (!prog) {
            *err = from(prog.error());
            return false;
        }
        auto link = kernel_.attach_raw_tracepoint(**prog, "sched_switch", 0);
        if (!link) {
            *err = from(link.error());
            return false;
        }
        hook_programs_.push_back(std::move(prog.value()));
        links_.push_back(std::move(link.value()));
    }
    if (ps_.kernel_machinery) fill_machinery();
    return true;
}

// Every 16-byte block of the machinery's functions for the tracepoints this session attaches
// to. Without kallsyms (addresses hidden) the table stays empty and stacks start where the
// kernel's unwinder does.
void Session::fill_machinery() {
    std::set<std::string> names;
    for (const auto& e : ps_.epids) {
        if (e.plan_as<probes::SyscallPlan>()) names.insert({"sys_enter", "sys_exit"});
        const auto* kp = e.plan_as<probes::KernelPlan>();
        if (!kp || kp->hook != probes::KernelHook::Tracepoint) continue;
        names.insert(kp->tracepoint.empty() ? e.name : kp->tracepoint);
        for (const auto& site : kp->also) names.insert(site.tracepoint);
    }
    std::vector<std::string> tracepoints(names.begin(), names.end());
    kernel::Map& map = *maps_.at(codegen::abi::kMachineryMap);
    const uint32_t one = 1;
    size_t entries = 0;
    for (const auto& [start, end] : process::tracing_machinery_ranges(tracepoints)) {
        for (uint64_t block = start >> codegen::abi::kMachineryBlockShift;
             block <= (end - 1) >> codegen::abi::kMachineryBlockShift; ++block) {
            if (++entries > codegen::abi::kMachineryEntries) return;
            (void)map.update(kernel::bytes_of(block), kernel::bytes_of(one));
        }
    }
}

}  // namespace bdtrace::runtime
