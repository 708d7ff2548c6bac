// Stacks of processes that exit before they are printed: a clause that reads the user stack
// (ustack(), as a key too) on probes in every process of a file (pid*:file, system-wide USDT)
// sees processes bdtrace never looked at, and a short-lived one is gone, its /proc/PID/maps with
// it, long before the consumer names its frames (aggregation keys are named at the end). So the
// process watch then reports every exec and every file mmap, not only each file's first, and
// the consumer keeps them per process (process/user_symbols.h: note_exec, note_mmap): the
// files are named by device and inode, so the list of mappings and the files' program headers
// and symbols are enough to name the addresses after the process has gone. A file is reached by
// the path the consumer learnt for it: the traced files, its own libraries, and those of the
// processes still alive when their first report is read.
#include <sys/stat.h>
#include <unistd.h>

#include "api/consumer_impl.h"

namespace bdtrace {

bool watch_stacks(const Consumer::Impl& impl) {
    const codegen::ProgramSet& ps = *impl.programs;
    for (const auto& uc : ps.uprobe_clauses) {
        if (!uc.reads.stack) continue;
        for (const auto& d : uc.descriptions)
            if (probes::pid_system_wide(d) || probes::usdt_system_wide(d)) return true;
        for (const auto& e : ps.epids) {
            if (e.clause != uc.clause) continue;
            const probes::UserFile* u = probes::user_file(e.plan);
            if (u && u->pid == 0 && !u->path.empty()) return true;
        }
    }
    return false;
}

void know_stack_files(Consumer::Impl& impl) {
    process::UserSymbols& us = impl.printer->user_symbols();
    // A record printed before this pass took the watch's reports (the process exec'd since)
    // takes them then; they wait for handle_process_events() too.
    us.set_refresh([&impl] {
        if (!impl.process_watch) return;
        for (const runtime::ProcessEvent& ev : impl.process_watch->take()) {
            note_stack_event(impl, ev);
            impl.watch_backlog.push_back(ev);
        }
    });
    if (auto own = process::read_mapped_objects(static_cast<uint64_t>(::getpid())))
        for (const auto& m : *own) us.know_file(m);
    for (const auto& e : impl.programs->epids) {
        const probes::UserFile* u = probes::user_file(e.plan);
        struct stat st {};
        if (!u || u->path.empty() || ::stat(u->path.c_str(), &st) != 0) continue;
        process::MappedObject obj;
        obj.path = u->path;
        obj.dev = st.st_dev;
        obj.inode = st.st_ino;
        us.know_file(obj);
    }
}

void note_stack_event(Consumer::Impl& impl, const runtime::ProcessEvent& ev) {
    process::UserSymbols& us = impl.printer->user_symbols();
    const auto pid = static_cast<uint64_t>(ev.pid);
    if (ev.kind == runtime::ProcessEvent::Kind::Exec)
        us.note_exec(pid, ev.dev, ev.inode, ev.addr);
    else
        us.note_mmap(pid, ev.dev, ev.inode, ev.addr);
    // A file not known yet: its path from the process's maps, while it lives (once per file).
    if (us.knows_file(ev.dev, ev.inode) || !impl.stack_files_tried.insert({ev.dev, ev.inode}).second) return;
    if (auto mapped = process::read_mapped_objects(pid))
        for (const auto& m : *mapped) us.know_file(m);
}

}  // namespace bdtrace
