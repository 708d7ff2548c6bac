// The consumer's half of the BPF unwinder (codegen/gen_unwind.cpp): it fills
// abi::kUnwindRowsMap with each executable file's rows (process/cfi_table.h, built once per
// device and inode, appended in the mmapped array) and abi::kUnwindPidMap with each process's
// executable mappings, their bias and rows. Processes are loaded when asked for (the BPF side
// met a process it does not know, or a PC outside its mappings: a library loaded since) and up
// front for the -c/-p processes, so that their first firings unwind; a process asked for again
// within a second waits for that second (a PC outside every mapping may keep asking), unless it
// mapped code since its load or exec'd meanwhile (BPF deletes the entry of a process that execs, and says so). Entries of
// processes that have exited are dropped now and then.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "kernel/kernel.h"
#include "process/cfi_table.h"

namespace bdtrace::runtime {

class UnwindTables {
public:
    // The session's kUnwindPidMap, kUnwindRowsMap (mmapable) and kUnwindPendingMap.
    UnwindTables(kernel::Map& pids, kernel::Map& rows, kernel::Map& pending);

    // Reads the process's mappings and writes its entry (building the tables of files not
    // seen yet). False when the process is gone.
    bool load(pid_t pid, uint64_t now_ns);
    // A request from BPF: loaded now, or once a second has passed since the last load.
    void request(pid_t pid, uint64_t now_ns);
    // The process exec'd (BPF deleted its entry): its next request is served at once.
    void forget(pid_t pid);
    // Loads what waited, and now and then drops the entries of processes that have exited.
    void tick(uint64_t now_ns);
    // The first time the rows map could not take a file's table, the warning to print (once).
    std::string take_warning() { return std::exchange(warning_, {}); }
    uint64_t rows_used() const { return next_row_; }

private:
    struct File {
        std::shared_ptr<const process::CfiTable> table;
        uint32_t row_start = 0, row_count = 0;
    };
    const File& file(const std::string& path, uint64_t dev, uint64_t inode);

    kernel::Map& pids_;
    kernel::Map& rows_;
    kernel::Map& pending_;
    std::unique_ptr<kernel::MappedRegion> region_;
    uint32_t next_row_ = 0;
    std::map<std::pair<uint64_t, uint64_t>, File> files_;  // (dev, inode)
    std::map<pid_t, uint64_t> loaded_;   // pid -> when it was last loaded
    std::map<pid_t, uint64_t> layouts_;  // pid -> its executable mappings then (a hash)
    std::map<pid_t, uint64_t> waiting_;  // pid -> when it may be loaded again
    uint64_t next_prune_ = 0;
    std::string warning_;
    bool full_ = false;
};

}  // namespace bdtrace::runtime
