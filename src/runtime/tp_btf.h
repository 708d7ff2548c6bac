// One tp_btf program loaded and attached: a BPF tracing program typed by a tracepoint's BTF
// (BPF_TRACE_RAW_TP), whose reads of the tracepoint's arguments and of the current task are
// plain loads the verifier checks. The process watch (process_watch.cpp) and the session's
// unwind watch (Session::load_unwind_watch) load theirs here, assembled (assemble/): map fds,
// the tracepoint's BTF id, load, attach.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "bpf/assembler.h"
#include "kernel/kernel.h"

namespace bdtrace::runtime {

struct TracingHook {
    std::unique_ptr<kernel::Program> program;
    std::unique_ptr<kernel::Link> link;  // detaches when destroyed
};

// `map_fd` gives the file descriptor of each of the program's maps (bpf::MapRef).
kernel::Result<TracingHook> attach_tp_btf(kernel::Kernel& k, bpf::Assembled code,
                                          const std::function<int(bpf::MapRef)>& map_fd,
                                          const std::string& tracepoint, const std::string& name);

}  // namespace bdtrace::runtime
