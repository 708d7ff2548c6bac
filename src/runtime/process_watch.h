// The process watch, loaded and attached (codegen/process_watch.h has its programs): reports
// files that processes start running (exec) or map (mmap by the dynamic linker: libraries at
// start and by dlopen()), each file once unless forgotten. A consumer that must follow
// processes it has not seen yet (system-wide USDT descriptions matched against new files;
// later system-wide pid probes; provider globs with no process of their own) polls it from its
// work loop. With `hold_for`, the consumer's own descendants (system() commands) are stopped at
// exec until the consumer resume()s them: their first probe firings are not missed. Destroying
// the watch detaches it and continues every process it still holds.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "btf/vmlinux.h"
#include "codegen/process_watch.h"
#include "kernel/kernel.h"
#include "runtime/tp_btf.h"

namespace bdtrace::runtime {

struct ProcessEvent {
    enum class Kind { Exec, Mmap } kind = Kind::Exec;
    pid_t pid = 0;
    uint64_t dev = 0;    // makedev(major, minor), as /proc/PID/maps and stat() give it
    uint64_t inode = 0;
    uint64_t addr = 0;   // Mmap: where the mapping goes; Exec: mm->start_code (0 without an mm)
    bool stopped = false;  // held (a descendant of the consumer): resume() it once served
};

class ProcessWatch {
public:
    // `every_event`: report every exec and file mmap, not only each file's first. `vmlinux`:
    // the kernel's BTF, for the offsets the programs read. `hold_for`: the consumer's process
    // id, whose descendants are held at exec (0: nobody is held).
    static std::unique_ptr<ProcessWatch> start(kernel::Kernel& k, const kbtf::Vmlinux& vmlinux, bool every_event,
                                               std::string* err, pid_t hold_for = 0);
    ~ProcessWatch();

    // The events that arrived since the last call (none waits).
    std::vector<ProcessEvent> take();
    // Readable when events wait (for an epoll set).
    int epoll_fd() const { return ring_->epoll_fd(); }
    // Reports the file again at its next exec or mmap (its first report could not be used:
    // the process was gone before it was looked at).
    void forget(uint64_t dev, uint64_t inode);
    // Continues a process the watch stopped (ev.stopped); nothing for others.
    void resume(const ProcessEvent& ev);

private:
    ProcessWatch() = default;
    std::vector<std::unique_ptr<kernel::Map>> maps_;
    std::vector<TracingHook> hooks_;
    std::unique_ptr<kernel::RingBuffer> ring_;
    std::vector<ProcessEvent> pending_;
    std::set<pid_t> held_;  // stopped, taken and not resumed yet
};

}  // namespace bdtrace::runtime
