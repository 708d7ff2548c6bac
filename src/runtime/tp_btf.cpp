#include "runtime/tp_btf.h"

#include <span>

#include "bpf/assembler.h"

namespace bdtrace::runtime {

kernel::Result<TracingHook> attach_tp_btf(kernel::Kernel& k, bpf::Assembled code,
                                          const std::function<int(bpf::MapRef)>& map_fd,
                                          const std::string& tracepoint, const std::string& name) {
    bpf::apply_map_fds(code.insns, code.relocs, map_fd);
    auto id = k.tracepoint_btf_id(tracepoint);
    if (!id) return std::move(id).error();
    kernel::ProgramSpec spec;
    spec.type = kernel::ProgramType::Tracing;
    spec.expected_attach = kernel::AttachType::TraceRawTp;
    spec.attach_btf_id = *id;
    spec.name = name;
    spec.insns = std::as_bytes(std::span(code.insns));
    auto prog = k.load_program(spec);
    if (!prog) return std::move(prog).error();
    auto link = k.attach_tracing(*prog.value(), 0);
    if (!link) return std::move(link).error();
    return TracingHook{std::move(prog.value()), std::move(link.value())};
}

}  // namespace bdtrace::runtime
