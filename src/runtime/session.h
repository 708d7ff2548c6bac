// A running program set: the maps, loaded programs and attachments of one consumer, and the
// ring buffer they write to. Destroying the session detaches everything.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bpf/assembler.h"
#include "codegen/program_set.h"
#include "kernel/kernel.h"

namespace bdtrace::runtime {

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

    bool attach(SessionError* err);                   // profile/tick and other probes
    void set_activity(uint32_t activity);            // codegen::abi::Activity
    uint32_t activity() const;
    void set_wall_offset(int64_t ns);
    // Runs the BEGIN or END program once (they are not attached to any event).
    bool run(probes::AttachKind kind, SessionError* err);
    bool has_program(probes::AttachKind kind) const;
    int poll(int timeout_ms);  // delivers records; returns how many
    // The pid probes attach() left out because the kernel cannot place a uprobe on their
    // instruction (a LOCK prefix, ...), by name; taken once.
    std::vector<std::string> take_skipped() { return std::exchange(skipped_, {}); }
    // What each CPU dropped since the last call (index: CPU).
    DropCounts new_drops();
    kernel::Map& map(uint32_t id) { return *maps_.at(id); }
    // The disassembly of every program, with D source lines (-S).
    std::string disassembly() const;

private:
    Session(kernel::Kernel& k, const codegen::ProgramSet& ps) : kernel_(k), ps_(ps) {}

    struct Loaded {
        probes::AttachKind kind;
        std::vector<uint32_t> probe_ids;
        bpf::Assembled code;
        std::unique_ptr<kernel::BtfObject> btf;  // func_info, when the verifier needs it
        std::unique_ptr<kernel::Program> prog;
    };
    bool attach_uprobes(const Loaded& l, SessionError* err);

    kernel::Kernel& kernel_;
    const codegen::ProgramSet& ps_;
    std::vector<std::unique_ptr<kernel::Map>> maps_;
    std::vector<Loaded> programs_;
    std::vector<std::unique_ptr<kernel::Link>> links_;
    std::unique_ptr<kernel::RingBuffer> ring_;
    DropCounts drops_seen_;
    std::vector<std::string> skipped_;  // the counters' values at the last new_drops()
};

}  // namespace bdtrace::runtime
