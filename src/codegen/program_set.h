// codegen's product: the maps, the BPF programs (as IR; the assemble stage, src/assemble/, adds
// their kernel instructions), and the description of every enabled probe's records that the
// consumer needs to print them.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/ir.h"
#include "codegen/abi.h"
#include "codegen/clause_reads.h"
#include "codegen/scratch_layout.h"
#include "formats/agg_buckets.h"
#include "probes/probe.h"
#include "probes/syscall_table.h"
#include "sema/typed.h"

namespace bdtrace::codegen {

struct MapSpec {
    enum class Kind { Array, PercpuArray, Hash, PercpuHash, Ringbuf };
    abi::MapId id;
    Kind kind;
    std::string name;
    uint32_t key_size = 4;
    uint32_t value_size = 0;
    uint32_t max_entries = 1;
    bool read_only = false;
    std::vector<uint8_t> initial;  // Array maps: the value written before programs load
    bool no_prealloc = false;      // Hash: entries allocated when stored
    bool mmapable = false;         // Array: the consumer maps its values (BPF_F_MMAPABLE)
    // Array: max_entries rows for each possible CPU, CPU c's row e at key c * max_entries + e
    // (the runtime multiplies the entries by the kernel's CPU count).
    bool per_cpu_rows = false;
};

// One datum in a record.
struct Field {
    // Stack: u64 byte count, then the frames. UStack: the process id, then as Stack; with
    // `unwind` the registers and a copy of the user stack follow (abi::UserStackTail).
    // USym: the process id and a user address (ufunc(), usym(), umod(), uaddr()).
    enum class Kind { Int, String, Bytes, Stack, UStack, USym };
    Kind kind = Kind::Int;
    uint32_t offset = 0;  // from the start of the record
    uint32_t size = 0;    // Int: the D type's size (the record holds 8 bytes); String: strsize
    // String: the bytes the record holds when a string is known to be shorter than strsize
    // (execname: a task's 16-byte comm); 0: size. It prints as a string of `size`.
    uint32_t stored = 0;
    bool is_signed = false;
    bool is_pointer = false;
    bool is_float = false;  // Int: the 8 bytes hold a float or double's bits
    bool is_pid = false;    // Int: the firing process, recorded for %A (not a printf argument)
    sema::Type::UserSym usym = sema::Type::UserSym::None;  // USym: which action's value
    uint32_t frames = 0;    // UStack: the PCs room
    bool unwind = false;    // UStack: registers and stack bytes follow the PCs
    bool depth = false;     // UStack: the datum is ustackdepth's: its value is the frame count
    // UStack with `unwind`: where in the record its registers and stack copy are, when it
    // shares another datum's (0: right after its own PCs).
    uint32_t tail = 0;
    std::string type_name;  // the D type, for printf checks and messages
};

struct ActionRecord {
    sema::ActionKind kind;
    uint32_t index = 0;       // bit in RecordHeader::actions
    std::string format;       // printf / system / printa
    std::vector<Field> fields;
    std::vector<uint32_t> aggs;  // printa (one or more), clear, trunc, (de)normalize: ids
    int64_t keep = 0;         // trunc: entries kept
    const sema::Type* print_type = nullptr;  // print(): the value's type (lives in the TypeTable)
};

// An enabled probe: one (clause, probe) pair, DTrace's EPID.
struct Epid {
    uint32_t epid = 0;
    uint32_t clause = 0;
    uint32_t probe_id = 0;
    uint32_t occurrence = 0;  // sema::EnabledProbe::occurrence: its slot among the clause's
    std::string provider, module, function, name;
    uint32_t record_size = 0;
    std::vector<ActionRecord> actions;
    // How the probe attaches (probes/attach_plan.h): its provider's plan, as the probe has it.
    probes::AttachPlan plan;
    ClauseReads reads;  // what the clause reads of the firing (where a pid probe's uprobe may go)

    probes::AttachKind kind() const { return probes::kind_of(plan); }
    template <class Plan>
    const Plan* plan_as() const {
        return std::get_if<Plan>(&plan);
    }
};

// An enabling of probe `p` by `clause`: the probe's names and plan (what the consumer needs of
// the probe once the registry is out of reach).
inline Epid enabling(const probes::Probe& p, uint32_t epid, uint32_t clause, uint32_t occurrence) {
    Epid e;
    e.epid = epid;
    e.clause = clause;
    e.probe_id = p.id;
    e.occurrence = occurrence;
    e.provider = p.provider;
    e.module = p.module;
    e.function = p.function;
    e.name = p.name;
    e.plan = p.plan;
    return e;
}

// The key of a system call's row of abi::kSyscallTableMap: entry probes' rows first, then
// return probes'.
inline uint32_t syscall_table_key(const probes::SyscallPlan& plan) {
    return static_cast<uint32_t>(plan.nr + (plan.returns ? probes::kMaxSyscallNr : 0));
}

// An aggregation as the consumer needs it: where its keys are in the map key and what its
// value holds.
struct AggDesc {
    uint32_t id = 0;
    std::string name;
    sema::AggFunc func = sema::AggFunc::Count;
    std::vector<Field> keys;  // offsets within the map key
    uint32_t value_size = 0;  // bytes this aggregation uses of the map value
    int32_t array_slot = -1;  // no keys: its entry in abi::kAggArrayMap (else in abi::kAggMap)
    int64_t base = 0, step = 1, levels = 0;  // lquantize
    formats::LlquantizeParams llquantize;      // llquantize
};

// One generated program: every probe of one attach kind shares it; the attach cookie (the
// probe id) picks the clauses to run.
struct GenProgram {
    probes::AttachKind kind;
    std::vector<uint32_t> probe_ids;
    std::unique_ptr<bpf::Program> ir;
    bpf::Assembled code;           // ir assembled (src/assemble/), what the runtime loads
    bool needs_func_info = false;  // passes a callback to a helper (chill's bpf_loop)
};

// A clause in the pid provider's programs: its column of the probe table, and what the consumer
// needs to enable it for probes that appear while tracing (a library loaded later): the
// descriptions to match again and its record layout.
struct UprobeClause {
    uint32_t clause = 0;
    ClauseReads reads;
    std::vector<probes::Description> descriptions;  // those a dynamic provider serves
    uint32_t record_size = 0;
    std::vector<ActionRecord> actions;
};

struct ProgramSet {
    std::vector<MapSpec> maps;
    std::vector<GenProgram> programs;
    // epids[i].epid == i + 1; the consumer appends pid probes found later (a deque: references
    // to an epid stay valid meanwhile, as the record printer holds one across system()).
    std::deque<Epid> epids;
    // The clauses of the table-dispatched programs, by slot of their table rows. A clause has
    // one slot per description that may match one probe again (Epid::occurrence): the k-th slot
    // of a clause holds the epid of its k-th enabling of the probe (slot_of()).
    std::vector<UprobeClause> uprobe_clauses;  // by probe table slot
    std::vector<uint32_t> syscall_clauses;     // clauses of the syscall programs, by syscall table slot
    std::vector<uint32_t> sdt_clauses;         // clauses of the sdt program, by sdt table slot
    bool probe_names = false;  // the pid provider's programs read abi::kProbeNamesMap
    // The helper programs below, assembled (src/assemble/); set with `assembled`.
    std::optional<bpf::Assembled> notice_code, vtime_code, unwind_exec_code;
    bool assembled = false;  // the assemble stage has run: every program's code is filled
    // The library watch (codegen/gen_notice.cpp; api/consumer_libraries.cpp places it): on the
    // dynamic linker's hook, reports the pid to abi::kNoticeMap when r_debug (the cookie's
    // address) says the change is complete, and stops the process (SIGSTOP) when the cookie's
    // top bit asks it. Null without pid clauses.
    std::unique_ptr<bpf::Program> notice_program;
    // vtimestamp's hook on sched_switch (codegen/gen_vtime.cpp): notes each CPU's clock
    // difference in abi::kVtimeMap. Null when no clause reads vtimestamp.
    std::unique_ptr<bpf::Program> vtime_program;
    // A kernel stack skips the tracing machinery's frames (codegen/gen_kstack.cpp): the
    // consumer fills abi::kMachineryMap from kallsyms.
    bool kernel_machinery = false;
    // ustack() keys are unwound in BPF (codegen/gen_unwind.cpp): the consumer fills the kUnwind*
    // maps (runtime/unwind_tables.h), and this program, on sched_process_exec, forgets a
    // process's tables when it execs (its mappings are new).
    bool unwind_keys = false;
    std::unique_ptr<bpf::Program> unwind_exec_program;
    std::vector<AggDesc> aggregations;  // by id order
    uint32_t agg_key_size = 0, agg_value_size = 0;
    uint32_t agg_array_value_size = 0;  // abi::kAggArrayMap's value: the flag word, then the value
    bool agg_spill = false;  // abi::kAggMap is allocated as keys appear, abi::kAggSpillMap takes bursts
    uint32_t strsize = 256;
    ScratchLayout scratch;  // the per-CPU scratch value's areas (abi::kScratchMap)
    bool speculations = false;  // the program uses speculation(), speculate(), commit() or discard()
    uint32_t nspec = 0;         // speculation ids (-x nspec)
    // -x cpu: the programs act only on this CPU, BEGIN and END run there and tick probes fire
    // there (-1: every CPU).
    int32_t only_cpu = -1;
};

// The slot of a row holding the epid of `clause`'s `occurrence`-th enabling of a probe, given
// the clause of each slot; -1 when the row has none.
inline int slot_of(const std::vector<uint32_t>& slots, uint32_t clause, uint32_t occurrence) {
    for (size_t i = 0; i < slots.size(); ++i)
        if (slots[i] == clause && occurrence-- == 0) return static_cast<int>(i);
    return -1;
}

}  // namespace bdtrace::codegen
