// Libraries loaded while tracing (dlopen): the consumer's half of the library watch. The watch
// (codegen's notice_program on each traced process's dynamic-linker hook) reports a process
// whose loaded objects changed; its pid descriptions are matched again, and the probes that are
// new get epids (the clause's record layout), probe-table rows and uprobes. A process bdtrace
// created was stopped by the watch until then, so not one call into the new library is missed;
// a grabbed process runs on, and calls made before the uprobes are in place are not seen.
#include <signal.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "api/consumer_impl.h"
#include "process/module_match.h"
#include "process/pid_probes.h"
#include "process/proc_maps.h"
#include "process/rtld.h"
#include "util/glob.h"

namespace bdtrace {

namespace {

std::optional<uint64_t> pid_of(const probes::Description& d) {
    Diagnostic ignored;
    auto prov = process::parse_pid_provider(d.provider, ignored);
    return prov ? std::optional<uint64_t>(prov->pid) : std::nullopt;
}

// Matches the pid descriptions of `pid` again; the probes not enabled yet are enabled.
void rematch(Consumer::Impl& impl, uint64_t pid) {
    NewProbes fresh(impl);
    for (const auto& uc : impl.programs->uprobe_clauses) {
        NewProbes::Matched matched;
        for (const auto& given : uc.descriptions) {
            // A provider glob without a pid (test_prov*) names every process of the consumer.
            auto p = pid_of(given);
            if (p && *p != pid) continue;
            auto found = impl.registry.match(given);
            (void)impl.registry.take_error();  // a description that still matches nothing waits
            fresh.add(uc, found, matched);
        }
    }
    fresh.attach("in pid " + std::to_string(pid));
}

// Whether an object `pid` loads later may add probes for `d` (the process maps `objects` now):
// a USDT provider's probes may come with any object, a module glob or an empty module may match
// one, and a plain module name naming no object yet waits for one (-Z). A plain name naming a
// mapped object picks that object for good (module_match.h).
bool may_match_later(const probes::Description& d,
                     const std::vector<process::MappedObject>& objects) {
    Diagnostic ignored;
    auto prov = process::parse_pid_provider(d.provider, ignored);
    if (!prov || prov->prefix != "pid") return true;
    if (d.module.empty() || util::has_glob(d.module)) return true;
    return process::match_modules(objects, d.module).empty();
}

// Whether the program prints names of user addresses (ustack(), usym() and its kin, %A): a
// library loaded and unloaded before the names are printed is remembered when the watch sees it.
bool names_user_addresses(const codegen::ProgramSet& ps) {
    using Kind = codegen::Field::Kind;
    auto user = [](const codegen::Field& f) {
        return f.kind == Kind::UStack || f.kind == Kind::USym || f.is_pid;
    };
    auto in_actions = [&](const std::vector<codegen::ActionRecord>& actions) {
        for (const auto& a : actions)
            if (std::any_of(a.fields.begin(), a.fields.end(), user)) return true;
        return false;
    };
    for (const auto& uc : ps.uprobe_clauses)
        if (in_actions(uc.actions)) return true;
    for (const auto& e : ps.epids)
        if (in_actions(e.actions)) return true;
    for (const auto& agg : ps.aggregations)
        if (std::any_of(agg.keys.begin(), agg.keys.end(), user)) return true;
    return false;
}

}  // namespace

NewProbes::NewProbes(Consumer::Impl& impl) : impl_(impl), first_(impl.programs->epids.size()) {
    for (const auto& e : impl.programs->epids) enabled_.insert({e.clause, e.probe_id, e.occurrence});
}

void NewProbes::add(const codegen::UprobeClause& uc, const std::vector<const probes::Probe*>& found,
                    Matched& matched) {
    codegen::ProgramSet& ps = *impl_.programs;
    for (const probes::Probe* p : found) {
        if (!probes::user_file(p->plan)) continue;
        // A probe the clause's descriptions match twice is enabled twice (Epid::occurrence).
        uint32_t occurrence = matched[p->id]++;
        if (!enabled_.insert({uc.clause, p->id, occurrence}).second) continue;
        const auto epid = static_cast<uint32_t>(ps.epids.size() + 1);
        codegen::Epid e = codegen::enabling(*p, epid, uc.clause, occurrence);
        e.record_size = uc.record_size;
        e.actions = uc.actions;
        e.reads = uc.reads;
        ps.epids.push_back(std::move(e));
    }
}

void NewProbes::attach(const std::string& where) {
    codegen::ProgramSet& ps = *impl_.programs;
    if (ps.epids.size() == first_) return;
    std::vector<const codegen::Epid*> fresh;
    for (size_t i = first_; i < ps.epids.size(); ++i) fresh.push_back(&ps.epids[i]);
    first_ = ps.epids.size();
    runtime::SessionError err;
    if (!impl_.session->attach_uprobe_epids(fresh, &err))
        impl_.open.sinks.err(impl_.open.program_name + ": failed to enable probes " + where + ": " + err.message + "\n");
    report_skipped(impl_, impl_.session->take_skipped());
}

bool watch_libraries(Consumer::Impl& impl, runtime::SessionError* err) {
    if (!impl.session->watches_libraries()) return true;
    // The processes whose later loads may matter; each watch costs a uprobe link, and the
    // kernel waits a grace period (~16 ms here) to unregister each link at exit.
    const bool names = names_user_addresses(*impl.programs);
    std::map<uint64_t, std::optional<std::vector<process::MappedObject>>> objects;
    std::set<uint64_t> pids;
    auto consider = [&](uint64_t pid, const probes::Description& d) {
        if (pids.count(pid)) return;
        auto it = objects.find(pid);
        if (it == objects.end()) it = objects.emplace(pid, process::read_mapped_objects(pid)).first;
        if (names || !it->second || may_match_later(d, *it->second)) pids.insert(pid);
    };
    for (const auto& uc : impl.programs->uprobe_clauses)
        for (const auto& d : uc.descriptions) {
            if (auto pid = pid_of(d)) consider(*pid, d);
            else
                for (pid_t p : impl.processes.pids()) consider(static_cast<uint64_t>(p), d);
        }
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
