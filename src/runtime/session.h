// A running program set: the maps, loaded programs and attachments of one consumer, and the
// ring buffer they write to. Destroying the session detaches everything.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bpf/assembler.h"
#include "codegen/program_set.h"
#include "kernel/kernel.h"
#include "process/rtld.h"

namespace bdtrace::runtime {

// A pid or USDT probe (or some of a USDT probe's sites) left out rather than attached.
struct SkippedProbe {
    enum class Why : uint8_t {
        Refused,  // the kernel cannot place a uprobe on the instruction (a LOCK prefix, ...)
        Nop5,     // a 5-byte NOP inside a function, on a kernel without Feature::UprobeNop5
    };
    std::string name;  // provider:module:function:name
    Why why = Why::Refused;
};

struct SessionError {
    std::string message;  // one line in DTrace's words, without the program-name prefix
    int status = 1;       // dtrace(1)'s exit status for it: 1, or 2 for privilege/feature
    std::string verifier_log;
};

// Drops counted per CPU in the scratch area (codegen/abi.h).
struct DropCounts {
    std::vector<uint64_t> records;       // the ring buffer was full
    std::vector<uint64_t> aggregations;  // the aggregation map was full (-x aggsize)
    std::vector<uint64_t> dynvars;       // the dynamic variable map was full (-x dynvarsize)
};

class Session {
public:
    // Creates the maps and loads the programs (assembling their IR). Null with `err` set.
    static std::unique_ptr<Session> load(kernel::Kernel& k, const codegen::ProgramSet& ps,
                                         kernel::RecordCallback on_record, SessionError* err);
    ~Session();

    bool attach(SessionError* err);                   // every probe of the program set
    // pid probes enabled after attach() (found in a library loaded later): their epids, already
    // appended to the program set, get their table rows and uprobes.
    bool attach_uprobe_epids(const std::vector<const codegen::Epid*>& epids, SessionError* err);
    // The processes dtrace started and holds, none of whose code has run but the dynamic linker's
    // start-up (-c, before they are continued): only there may a return probe use the kernel's
    // return trampoline, which misses the return of a call already running when it is placed.
    void set_unstarted(std::set<uint64_t> pids) { unstarted_ = std::move(pids); }
    // syscall provider probes: their rows of the syscall table and names, then one raw
    // tracepoint link per program (sys_enter, sys_exit), whatever the number of calls.
    bool attach_syscall_epids(SessionError* err);
    // sdt provider probes: their rows of the sdt table and names, then one raw tracepoint link
    // per probe, the probe id as its cookie (fbt probes: one fentry or fexit program and link).
    bool attach_sdt_epids(SessionError* err);
    // The library watch on one process (codegen's notice_program on the dynamic linker's hook);
    // `stop`: the process stops at each change until the consumer sends SIGCONT.
    bool watch_libraries(pid_t pid, const process::RtldHook& hook, bool stop, SessionError* err);
    bool watches_libraries() const { return notice_ != nullptr; }
    // The processes whose loaded objects changed since the last call (a pid per change).
    std::vector<uint64_t> take_notices();
    // ustack() keys: the processes whose unwind tables the BPF unwinder asked for, or which
    // exec'd (their tables were dropped), since the last call (runtime/unwind_tables.h).
    struct UnwindRequest {
        uint32_t pid;
        bool exec;
    };
    std::vector<UnwindRequest> take_unwind_requests();
    void set_activity(uint32_t activity);            // codegen::abi::Activity
    uint32_t activity() const;
    void set_wall_offset(int64_t ns);
    // Runs the BEGIN or END program once (they are not attached to any event).
    bool run(probes::AttachKind kind, SessionError* err);
    bool has_program(probes::AttachKind kind) const;
    // Waits up to timeout_ms for the programs to wake the consumer (they do once a quarter of
    // the buffer is pending, not before) and then delivers the records waiting; returns how
    // many (0 when nothing woke it).
    int poll(int timeout_ms);
    // Delivers the records waiting now, woken or not. Both deliver at most kDrainBatch.
    int drain();
    static constexpr size_t kDrainBatch = 65536;
    // The pid and USDT probes attach() left out: the kernel cannot place a uprobe on their
    // instruction (a LOCK prefix, ...), or a uprobe there would change the program (a 5-byte
    // NOP inside a function on a kernel that rewrites it into a CALL); taken once.
    std::vector<SkippedProbe> take_skipped() { return std::exchange(skipped_, {}); }
    // -F: a function whose entry or return probe the kernel refused gets neither, so that every
    // "<-" has its "->" (session_flow.cpp). Set before attach().
    void pair_flow(bool on) { pair_flow_ = on; }
    // The probes disabled for that since the last call, by name; taken once.
    std::vector<std::string> take_unpaired() { return std::exchange(unpaired_, {}); }
    // The USDT probe sites left out because their argument specs are not understood, as
    // "provider:module:function:name (specs)"; taken once.
    std::vector<std::string> take_unusable_sites() { return std::exchange(unusable_sites_, {}); }
    // What each CPU dropped since the last call (index: CPU).
    DropCounts new_drops();
    // Probe firings the kernel skipped since the last call because their program was already
    // running on that CPU (summed over the programs: the kernel counts them per program).
    uint64_t new_recursion_misses();
    // The totals as the last new_drops() / new_recursion_misses() read them.
    const DropCounts& drops_seen() const { return drops_seen_; }
    uint64_t recursion_misses_seen() const { return misses_seen_; }
    kernel::Map& map(uint32_t id) { return *maps_.at(id); }
    // The disassembly of every program, with D source lines (-S).
    std::string disassembly() const;

private:
    // The probe names map's entries of syscall and sdt probes (probefunc & co.).
    bool put_probe_names(const std::map<uint32_t, const codegen::Epid*>& named, SessionError* err);
    Session(kernel::Kernel& k, const codegen::ProgramSet& ps) : kernel_(k), ps_(ps) {}
    // USDT probes (session_usdt.cpp): each call site's specs in abi::kUsdtSiteMap and one
    // uprobe_multi link per (file, process) with the sites' semaphores as ref_ctr offsets.
    bool attach_usdt(const std::vector<const codegen::Epid*>& epids, SessionError* err);
    uint32_t next_usdt_site_ = 0;
    // -F pairing (session_flow.cpp): clears the probe-table rows of the entry or return probe
    // whose partner was refused.
    void disable_unpaired();
    bool pair_flow_ = false;
    std::set<uint32_t> refused_ids_;   // pid probes with an instruction the kernel refused
    std::set<uint32_t> unpaired_ids_;  // their partners, disabled under -F
    std::vector<std::string> unpaired_;
    std::vector<std::string> unusable_sites_;

    // How each kind's program loads and attaches (attachers.cpp): the one table the runtime
    // chooses from by AttachKind. `attach` attaches every probe of the kind's plan, once per
    // session (kinds that share a plan share it); null: the consumer runs the program (BEGIN, END).
    struct Attacher {
        const char* name;  // the program's name in the kernel (bpftool prog)
        kernel::ProgramType type;
        kernel::AttachType expected_attach;
        const char* tp_btf;  // Tracing programs on a raw tracepoint: its name (sys_enter)
        bool (Session::*attach)(SessionError* err);
    };
    static const Attacher& attacher(probes::AttachKind kind);
    // profile and tick probes: one perf event each, on every CPU or on one.
    bool attach_profile(SessionError* err);
    // pid and USDT probes (attach_uprobe_epids with every such epid of the program set).
    bool attach_user_probes(SessionError* err);

    struct Loaded {
        probes::AttachKind kind;
        std::vector<uint32_t> probe_ids;
        bpf::Assembled code;
        std::unique_ptr<kernel::BtfObject> btf;  // func_info, when the verifier needs it
        std::vector<kernel::FuncInfo> func_info;
        std::unique_ptr<kernel::Program> prog;
    };
    // The loaded program of `kind` (the program set has at most one of each), or null.
    const Loaded* loaded(probes::AttachKind kind) const;
    // fbt probes (session_fbt.cpp): the sdt program's code loaded once per kernel function as
    // fentry or fexit at the function's BTF id, each attached with the probe id as its cookie.
    bool attach_kernel_functions(const Loaded& sdt, const std::map<uint32_t, const codegen::Epid*>& probes,
                                 SessionError* err);
    // vtimestamp's switch hook and the machinery table of kernel stacks (session_hooks.cpp).
    bool attach_hooks(SessionError* err);
    void fill_machinery();
    std::vector<std::unique_ptr<kernel::Program>> hook_programs_;
    bool load_unwind_watch(SessionError* err);

    kernel::Kernel& kernel_;
    const codegen::ProgramSet& ps_;
    std::vector<std::unique_ptr<kernel::Map>> maps_;
    std::vector<Loaded> programs_;
    std::vector<std::unique_ptr<kernel::Link>> links_;
    std::unique_ptr<kernel::RingBuffer> ring_;
    std::unique_ptr<kernel::Program> notice_;  // the library watch, when pid clauses need it
    std::unique_ptr<kernel::RingBuffer> notice_ring_;
    std::unique_ptr<kernel::RingBuffer> unwind_ring_;  // ustack() keys' table requests
    std::vector<UnwindRequest> unwind_requests_;
    std::vector<uint64_t> notices_;
    DropCounts drops_seen_;
    uint64_t misses_seen_ = 0;
    // Whether a uprobe on a 5-byte NOP inside a function is safe here (asked of the kernel on
    // first need: Feature::UprobeNop5 runs a test).
    bool nop5_safe();
    void skip(const codegen::Epid& e, SkippedProbe::Why why);
    std::vector<SkippedProbe> skipped_;
    std::set<uint64_t> unstarted_;
    // The probe table's rows as this session wrote them, row after row by probe id (slots of
    // the pid provider's clauses, at least one per row; grown as ids come): the table is only
    // ever written from here, so a probe's row is known without asking the kernel.
    std::vector<uint32_t> probe_rows_;
    uint32_t* probe_row(uint32_t probe_id);
};

}  // namespace bdtrace::runtime
