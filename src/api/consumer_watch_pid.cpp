// System-wide pid descriptions kept with -Z (pid*:$1:main:entry for a program not built yet,
// pid*:libfoo.so.1:f:entry for a library no loader on this machine would find: an rpath,
// LD_LIBRARY_PATH): the process watch reports each file a process runs or maps; a description
// whose module names that file (a path: the same device and inode; a name: the pid provider's
// module matching, "libfoo" and "libfoo.so" naming libfoo.so.1) is matched then, and its probes
// get epids and inode uprobes with no process filter, as the probes of a file found at start do.
// The kernel applies them to every later mapping of the file; the process that revealed it runs
// on meanwhile, so its first calls may be missed (a grabbed process's, as for dlopen()). A
// description that matched is not looked at again.
#include <sys/stat.h>

#include <set>

#include "api/consumer_impl.h"
#include "process/library_path.h"
#include "process/module_match.h"

namespace bdtrace {

namespace {

std::string key_of(const probes::Description& d) {
    return d.provider + ":" + d.module + ":" + d.function + ":" + d.name;
}

bool names_file(const probes::Description& d, const process::MappedObject& obj, uint64_t dev, uint64_t inode) {
    if (d.module.find('/') != std::string::npos) {
        struct stat st {};
        return ::stat(d.module.c_str(), &st) == 0 && st.st_dev == dev && st.st_ino == inode;
    }
    // "a.out" would name every program started: a module names a file here.
    if (d.module == "a.out") return false;
    return !process::match_modules({obj}, d.module).empty();
}

}  // namespace

bool watch_pid_files(const codegen::ProgramSet& ps) {
    for (const auto& uc : ps.uprobe_clauses)
        for (const auto& d : uc.descriptions)
            if (probes::pid_system_wide(d)) return true;
    return false;
}

void match_pid_files(Consumer::Impl& impl, const process::MappedObject& obj, const std::string& path) {
    NewProbes fresh(impl);
    std::set<std::string> matched;  // the same description may head several clauses
    for (const auto& uc : impl.programs->uprobe_clauses)
        for (const auto& d : uc.descriptions) {
            if (!probes::pid_system_wide(d) || impl.pid_files_matched.count(key_of(d)) ||
                !names_file(d, obj, obj.dev, obj.inode))
                continue;
            const bool by_name = d.module.find('/') == std::string::npos;
            if (by_name) process::learn_module_file(d.module, path);
            auto found = impl.registry.match(d);
            (void)impl.registry.take_error();  // not this file's function: the description waits
            if (found.empty()) {
                if (by_name) process::learn_module_file(d.module, "");
                continue;
            }
            matched.insert(key_of(d));
            fresh.add(uc, found);
        }
    impl.pid_files_matched.insert(matched.begin(), matched.end());
    fresh.attach("in " + path);
}

}  // namespace bdtrace
