// The consumer's state, shared by its files: consumer.cpp (options, compiling) and
// consumer_run.cpp (checking, code generation, loading, tracing).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "bdtrace/bdtrace.h"
#include "btf/vmlinux.h"
#include "codegen/program_set.h"
#include "dlib/library.h"
#include "kernel/kernel.h"
#include "metrics/exporter.h"
#include "options/options.h"
#include "probes/probe.h"
#include "process/control.h"
#include "process/kernel_symbols.h"
#include "process/proc_maps.h"
#include "runtime/agg_metrics.h"
#include "runtime/aggregations.h"
#include "runtime/printer.h"
#include "runtime/process_watch.h"
#include "runtime/unwind_tables.h"
#include "runtime/session.h"
#include "runtime/status_pacer.h"
#include "sema/types.h"

namespace bdtrace {

struct Consumer::Impl {
    OpenOptions open;
    options::OptionSet opts;
    DiagnosticList diags;
    std::string last_error;
    std::set<std::string> warned;  // compile warnings already printed (programs are checked again)
    std::set<std::string> skipped_reported;  // probes the kernel refused, already named once
    int failure_status = 1;
    std::optional<int> exit_status;

    // Programs checked by exec(), generated and loaded together by go().
    std::vector<std::shared_ptr<Program>> enabled;
    // Tracing state, created by go().
    sema::TypeTable types;
    process::KernelSymbols kernel_symbols;
    // The kernel's BTF, one owner for its readers (btf/vmlinux.h): the registry, sema's kernel
    // types, the kernel and the process watch; nothing of it is opened until one asks.
    std::shared_ptr<kbtf::Vmlinux> vmlinux = std::make_shared<kbtf::Vmlinux>();
    probes::Registry registry{vmlinux};
    std::unique_ptr<kernel::Kernel> kernel;
    std::unique_ptr<codegen::ProgramSet> programs;
    std::unique_ptr<runtime::RecordPrinter> printer;
    std::unique_ptr<runtime::Session> session;
    std::unique_ptr<runtime::ProcessWatch> process_watch;  // see watch_processes()
    std::set<std::pair<uint64_t, uint64_t>> served_files;   // (dev, inode) the process watch has served
    std::set<std::string> pid_files_matched;  // -Z pid*:file descriptions matched (consumer_watch_pid.cpp)
    // The watch reports every exec and mmap (consumer_watch_stacks.cpp): the files handled once
    // by consumer_watch.cpp, and those whose path was looked for.
    bool watch_every = false;
    std::set<std::pair<uint64_t, uint64_t>> stack_files_tried;
    std::vector<runtime::ProcessEvent> watch_backlog;  // taken (and noted) while printing
    std::unique_ptr<runtime::UnwindTables> unwind;          // see start_unwind_tables()
    bool stopped = false;
    uint64_t next_switch = 0;  // when work() next reads the ring buffer (CLOCK_MONOTONIC ns)
    runtime::StatusPacer status;  // -x statusrate: when work() looks for exit()
    std::vector<runtime::AggRow> final_aggregations;  // read when tracing stops
    // -c and -p processes; $target is the first of them (0 when there is none).
    process::ProcessSet processes;
    uint64_t target = 0;
    // The D system library, parsed by the first compile(): its declarations are known to every
    // program (parsing) and checked before each (sema).
    std::shared_ptr<const dlib::Library> library;
    // -x prometheus: the exporter and the label names of the aggregations' keys (last: it is
    // stopped before the session and printer it reads go away).
    runtime::MetricLabels metric_labels;
    std::unique_ptr<metrics::Exporter> exporter;
};

// Lets impl.types load the kernel's types (BTF) when first asked for one.
void prepare_types(Consumer::Impl& impl);

// exec()'s check of `program` (with the programs in `earlier`, whose globals it shares)
// without enabling it; `zdefs` lets descriptions match nothing. False with last_error().
bool check_program(Consumer::Impl& impl, const std::vector<const Program*>& earlier, const Program& program,
                   bool zdefs);

// Reports the -c/-p processes that have exited since the last call (DTrace's notices, unless
// quiet); true once every one of them has exited (never when there are none).
bool processes_all_exited(Consumer::Impl& impl);

// One warning naming the pid probes the kernel refused (consumer_run.cpp).
void report_skipped(Consumer::Impl& impl, const std::vector<runtime::SkippedProbe>& skipped);
// Why probes of that kind were skipped, as the warning says it (also for -l/-lv).
const char* skip_reason(runtime::SkippedProbe::Why why);
// The library watch on every process the pid descriptions name (consumer_libraries.cpp), and
// what to do when one of them has loaded or unloaded objects.
bool watch_libraries(Consumer::Impl& impl, runtime::SessionError* err);
void handle_library_changes(Consumer::Impl& impl);
// The session's aggregation maps (keyed, unkeyed array, spill), as the runtime reads them.
runtime::AggMaps agg_maps(Consumer::Impl& impl);
// -x prometheus (consumer_metrics.cpp): start serving once the program set is known (false
// with last_error), and answer the scrapes waiting for a snapshot (each pass of work()).
bool start_metrics(Consumer::Impl& impl);
void serve_metrics(Consumer::Impl& impl);

// Probes found while tracing (a library loaded later, a new file for a system-wide USDT
// description): add() gives each (clause, probe) pair not enabled yet an epid with the clause's
// record layout, attach() gives the new ones their probe-table rows and uprobes and reports
// what the kernel refused (consumer_libraries.cpp).
class NewProbes {
public:
    // How many of a clause's descriptions have matched each probe id so far: the k-th match
    // of one probe is its k-th enabling (Epid::occurrence), as DTrace runs a clause once per
    // matching description.
    using Matched = std::map<uint32_t, uint32_t>;
    explicit NewProbes(Consumer::Impl& impl);
    void add(const codegen::UprobeClause& uc, const std::vector<const probes::Probe*>& found, Matched& matched);
    void attach(const std::string& where);  // where: "in pid N", for an error message

private:
    Consumer::Impl& impl_;
    size_t first_;
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> enabled_;  // (clause, probe id, occurrence)
};

// The process watch (runtime/process_watch.h) when system-wide USDT descriptions may gain
// probes in files run or mapped later, and what to do with its reports (consumer_watch.cpp).
bool watch_processes(Consumer::Impl& impl, std::string* err);
void handle_process_events(Consumer::Impl& impl);
// System-wide pid descriptions kept with -Z until a process runs or maps their file
// (consumer_watch_pid.cpp): whether there are any; match those naming `obj` (reached at `path`).
bool watch_pid_files(const codegen::ProgramSet& ps);
void match_pid_files(Consumer::Impl& impl, const process::MappedObject& obj, const std::string& path);
// Stacks of processes gone before they are printed (consumer_watch_stacks.cpp): whether a clause
// reading the user stack has system-wide probes; the paths known at start; each report kept.
bool watch_stacks(const Consumer::Impl& impl);
void know_stack_files(Consumer::Impl& impl);
void note_stack_event(Consumer::Impl& impl, const runtime::ProcessEvent& ev);

// ustack() keys unwound in BPF: the tables of the -c/-p processes, loaded before they run, and
// the tables BPF asks for while tracing (consumer_unwind.cpp).
void start_unwind_tables(Consumer::Impl& impl);
void serve_unwind_requests(Consumer::Impl& impl);

}  // namespace bdtrace
