// Libraries loaded while tracing (dlopen): the consumer's half of the library watch. The watch
// (codegen's notice_program on each traced process's dynamic-linker hook) reports a process
// whose loaded objects changed; its pid descriptions are matched again, and the probes that are
// new get epids (the clause's record layout), probe-table rows and uprobes. A process bdtrace
// created was stopped by the watch until then, so not one call into the new library is missed;
// a grabbed process runs on, and calls made before the uprobes are in place are not seen.
#include <signal.h>

#include <set>

#include "api/consumer_impl.h"
#include "process/pid_probes.h"
#include "process/rtld.h"

namespace bdtrace {

namespace {

std::optional<uint64_t> pid_of(const probes::Description& d) {
    Diagnostic ignored;
    auto prov = process::parse_pid_provider(d.provider, ignored);
    return prov ? std::optional<uint64_t>(prov->pid) : std::nullopt;
}

// Matches the pid descriptions of `pid` again; the probes not enabled yet are enabled.
void rematch(Consumer::Impl& impl, uint64_t pid) {
    codegen::ProgramSet& ps = *impl.programs;
    std::set<std::pair<uint32_t, uint32_t>> enabled;  // (clause, probe id)
    for (const auto& e : ps.epids) enabled.insert({e.clause, e.probe_id});
    size_t first_new = ps.epids.size();
    for (const auto& uc : ps.uprobe_clauses) {
        for (const auto& d : uc.descriptions) {
            if (pid_of(d) != pid) continue;
            auto found = impl.registry.match(d);
            (void)impl.registry.take_error();  // a description that still matches nothing waits
            for (const probes::Probe* p : found) {
                if (p->path.empty() || !enabled.insert({uc.clause, p->id}).second) continue;
                codegen::Epid e;
                e.epid = static_cast<uint32_t>(ps.epids.size() + 1);
                e.clause = uc.clause;
                e.probe_id = p->id;
                e.provider = p->provider;
                e.module = p->module;
                e.function = p->function;
                e.name = p->name;
                e.record_size = uc.record_size;
                e.actions = uc.actions;
                e.pid = p->pid;
                e.path = p->path;
                e.file_offset = p->file_offset;
                e.retprobe = p->attach == probes::AttachKind::Uretprobe;
                e.return_sites = p->return_sites;
                e.return_uprobe = p->return_uprobe;
                e.nop5_site = p->nop5_site;
                e.usdt_sites = p->usdt_sites;
                ps.epids.push_back(std::move(e));
            }
        }
    }
    if (ps.epids.size() == first_new) return;
    std::vector<const codegen::Epid*> fresh;
    for (size_t i = first_new; i < ps.epids.size(); ++i) fresh.push_back(&ps.epids[i]);
    runtime::SessionError err;
    if (!impl.session->attach_uprobe_epids(fresh, &err))
        impl.open.sinks.err(impl.open.program_name + ": failed to enable probes in pid " + std::to_string(pid) +
                            ": " + err.message + "\n");
    report_skipped(impl, impl.session->take_skipped());
}

}  // namespace

bool watch_libraries(Consumer::Impl& impl, runtime::SessionError* err) {
    if (!impl.session->watches_libraries()) return true;
    std::set<uint64_t> pids;
    for (const auto& uc : impl.programs->uprobe_clauses)
        for (const auto& d : uc.descriptions)
            if (auto pid = pid_of(d)) pids.insert(*pid);
    for (uint64_t pid : pids) {
        auto hook = process::find_rtld_hook(static_cast<pid_t>(pid));
        if (!hook) continue;  // statically linked, or gone: nothing will be loaded
        bool stop = impl.processes.is_child(static_cast<pid_t>(pid));
        if (!impl.session->watch_libraries(static_cast<pid_t>(pid), *hook, stop, err)) return false;
    }
    return true;
}

void handle_library_changes(Consumer::Impl& impl) {
    for (uint64_t pid : impl.session->take_notices()) {
        rematch(impl, pid);
        // Its stacks are named with the new library even if it is unloaded or exits later.
        impl.printer->user_symbols().remember(pid);
        // The watch stopped our own children until now; SIGCONT also drops a stop not yet taken.
        if (impl.processes.is_child(static_cast<pid_t>(pid))) kill(static_cast<pid_t>(pid), SIGCONT);
    }
}

}  // namespace bdtrace
