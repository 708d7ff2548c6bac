// The consumer's processes (-c, -p): created or grabbed before compiling, so that $target is
// known to the programs; resumed once tracing is attached; watched by work().
#include "api/consumer_impl.h"

namespace bdtrace {

namespace {

std::optional<int> added(Consumer::Impl& impl, std::optional<pid_t> pid, const std::string& error) {
    if (!pid) {
        impl.last_error = error;
        impl.failure_status = 1;
        return std::nullopt;
    }
    if (impl.target == 0) impl.target = static_cast<uint64_t>(*pid);  // $target: the first one
    impl.registry.add_process(static_cast<uint64_t>(*pid));
    return static_cast<int>(*pid);
}

}  // namespace

std::optional<int> Consumer::create_process(const std::vector<std::string>& argv) {
    Impl& impl = *impl_;
    process::EnvironmentEdits edits{impl.opts.list("setenv"), impl.opts.list("unsetenv")};
    std::string error;
    auto pid = impl.processes.create(argv, edits, &error);
    return added(impl, pid, error);
}

std::optional<int> Consumer::grab_process(int pid) {
    Impl& impl = *impl_;
    std::string error;
    auto grabbed = impl.processes.grab(static_cast<pid_t>(pid), &error);
    return added(impl, grabbed, error);
}

void Consumer::continue_processes() {
    // Every traced process's address space as it is now (a -c command's libraries are mapped:
    // it is held at preinit), so that its stacks get names even if it exits before printing.
    if (impl_->printer)
        for (pid_t pid : impl_->processes.pids()) impl_->printer->user_symbols().remember(static_cast<uint64_t>(pid));
    // From here on their functions run: return probes attached later keep their return sites.
    if (impl_->session) impl_->session->set_unstarted({});
    impl_->processes.resume();
}

bool processes_all_exited(Consumer::Impl& impl) {
    if (impl.processes.count() == 0) return false;
    for (const process::ExitReport& r : impl.processes.reap()) {
        if (!impl.opts.is_set("quiet"))
            impl.open.sinks.err(impl.open.program_name + ": " + process::exit_notice(r) + "\n");
    }
    return impl.processes.live() == 0;
}

}  // namespace bdtrace
