// ustack() aggregation keys are unwound in BPF (codegen/gen_unwind.cpp) from tables the consumer
// keeps (runtime/unwind_tables.h): the -c and -p processes' are written before they run on, so
// that their first firings unwind; any other process's when the BPF side first meets it.
#include <time.h>

#include "api/consumer_impl.h"
#include "codegen/abi.h"

namespace bdtrace {

namespace {

uint64_t now_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return uint64_t(t.tv_sec) * 1000000000 + uint64_t(t.tv_nsec);
}

void warn(Consumer::Impl& impl) {
    std::string w = impl.unwind->take_warning();
    if (!w.empty()) impl.open.sinks.err(impl.open.program_name + ": warning: " + w + "\n");
}

}  // namespace

void start_unwind_tables(Consumer::Impl& impl) {
    if (!impl.programs->unwind_keys) return;
    namespace abi = codegen::abi;
    impl.unwind = std::make_unique<runtime::UnwindTables>(impl.session->map(abi::kUnwindPidMap),
                                                          impl.session->map(abi::kUnwindRowsMap),
                                                          impl.session->map(abi::kUnwindPendingMap));
    for (pid_t pid : impl.processes.pids()) impl.unwind->load(pid, now_ns());
    warn(impl);
}

void serve_unwind_requests(Consumer::Impl& impl) {
    if (!impl.unwind) return;
    uint64_t now = now_ns();
    for (const auto& r : impl.session->take_unwind_requests()) {
        if (r.exec) impl.unwind->forget(static_cast<pid_t>(r.pid));
        else {
            impl.unwind->request(static_cast<pid_t>(r.pid), now);
            // Its address space for the names too, read while it runs: a process met here
            // (system-wide, not -c/-p) may have exited when the keys are printed.
            if (impl.printer) impl.printer->user_symbols().remember(r.pid);
        }
    }
    impl.unwind->tick(now);
    warn(impl);
}

}  // namespace bdtrace
