// System-wide USDT descriptions (python*:::function-entry) name files, not processes: a program
// started after tracing began (python3.11 run later, with -Z when nothing matched at start) may
// be a file whose providers they match. DTrace matches its enablings again whenever a provider
// appears; here the process watch (runtime/process_watch.h) reports each file a process starts
// running or maps that it has not reported before, the file's notes are read (once per device
// and inode) and the descriptions matched against it, and the probes found get epids and
// uprobes with pid 0: the kernel then fires them in every process of the file, those started
// later included, and keeps their semaphores. Only new files cost anything: a file attached
// once covers every later process that maps it.
#include <sys/stat.h>
#include <unistd.h>

#include "api/consumer_impl.h"
#include "util/glob.h"
#include "process/proc_maps.h"

namespace bdtrace {

namespace {

bool any_system_wide(const codegen::ProgramSet& ps) {
    for (const auto& uc : ps.uprobe_clauses)
        for (const auto& d : uc.descriptions)
            if (probes::usdt_system_wide(d)) return true;
    return false;
}

bool module_matches(const std::string& pattern, const process::MappedObject& m, const std::string& path) {
    return pattern.empty() || util::glob_match(pattern, m.module) || util::glob_match(pattern, m.path) ||
           util::glob_match(pattern, path);
}

// The file a process started running or mapped: its probes for the watched descriptions.
void serve_file(Consumer::Impl& impl, const runtime::ProcessEvent& ev) {
    if (impl.served_files.count({ev.dev, ev.inode})) return;  // seen before (a held process's, or every event)
    auto mapped = process::read_mapped_objects(static_cast<uint64_t>(ev.pid));
    const process::MappedObject* obj = nullptr;
    if (mapped)
        for (const auto& m : *mapped)
            if (m.dev == ev.dev && m.inode == ev.inode) obj = &m;
    if (!obj) {
        // Gone already (or exec'd again): the file is reported again when next run.
        impl.process_watch->forget(ev.dev, ev.inode);
        return;
    }
    // The host's own path when it is the same file; else through the process's root.
    std::string path = obj->root + obj->path;
    struct stat real {}, host {};
    if (::stat(path.c_str(), &real) == 0 && ::stat(obj->path.c_str(), &host) == 0 && host.st_dev == real.st_dev &&
        host.st_ino == real.st_ino)
        path = obj->path;
    NewProbes fresh(impl);
    for (const auto& uc : impl.programs->uprobe_clauses) {
        NewProbes::Matched matched;
        for (const auto& d : uc.descriptions) {
            if (!probes::usdt_system_wide(d) || !module_matches(d.module, *obj, path)) continue;
            // The description narrowed to this file: its path as the module.
            auto found = impl.registry.match({d.provider, path, d.function, d.name});
            (void)impl.registry.take_error();
            fresh.add(uc, found, matched);
        }
    }
    fresh.attach("in " + path);
    match_pid_files(impl, *obj, path);
    impl.served_files.insert({ev.dev, ev.inode});
}

}  // namespace

bool watch_processes(Consumer::Impl& impl, std::string* err) {
    impl.watch_every = watch_stacks(impl);
    if (!any_system_wide(*impl.programs) && !watch_pid_files(*impl.programs) && !impl.watch_every) return true;
    impl.process_watch = runtime::ProcessWatch::start(*impl.kernel, *impl.vmlinux, impl.watch_every, err, ::getpid());
    if (impl.watch_every) know_stack_files(impl);
    return impl.process_watch != nullptr;
}

void handle_process_events(Consumer::Impl& impl) {
    if (!impl.process_watch) return;
    std::vector<runtime::ProcessEvent> events = std::move(impl.watch_backlog);
    impl.watch_backlog.clear();
    const size_t noted = events.size();  // the backlog's were noted when taken
    for (auto& ev : impl.process_watch->take()) events.push_back(ev);
    for (size_t i = 0; i < events.size(); ++i) {
        const runtime::ProcessEvent& ev = events[i];
        if (impl.watch_every && i >= noted) note_stack_event(impl, ev);
        serve_file(impl, ev);
        impl.process_watch->resume(ev);
    }
}

}  // namespace bdtrace
