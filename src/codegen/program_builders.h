// One builder per program kind: the part of a program's entry function that is the kind's own.
// The entry function (program_builders.cpp) checks the activity state; the kind's builder then
// rejects what it can (a table-dispatched kind looks up the probe's row first, so a firing no
// clause is enabled for costs only that lookup), finds the program's scratch slot
// (find_scratch()), puts the firing's probe id and the arguments its clauses read into the
// scratch area, and calls the clauses enabled on the probe that fired. The table
// (program_builder()) is the one place code generation chooses by AttachKind for the entry; a
// new kind of program is a builder in its provider's file and a row of the table.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "bpf/ir.h"
#include "codegen/program_context.h"
#include "probes/attach_plan.h"

namespace bdtrace::sema {
struct Clause;
}

namespace bdtrace::probes {
struct Probe;
}

namespace bdtrace::codegen {

struct Gen;

// (clause index, its function in this program), in program order.
using ClauseFns = std::vector<std::pair<uint32_t, bpf::FunctionId>>;

// What a builder is given: the entry function after the activity check.
struct EntrySetup {
    Gen& g;
    bpf::Function& f;
    probes::AttachKind kind;
    bpf::VReg ctx, st;  // the program's context, the state map's value
    uint32_t want;      // the activity the clauses run in (abi::kBegin, kEnd, kActive)
    uint32_t slot;      // the program's index among each CPU's scratch rows
    // The argument slots the program's clauses read (ClauseReads::args, bit N: argN): the
    // others are never written by this program, so they stay 0 from the map's creation.
    uint32_t args;
    const std::vector<uint32_t>& probe_ids;  // the program's probes
    const ClauseFns& clause_fns;
    bpf::VReg scratch = bpf::VReg{};  // the program's scratch slot, once find_scratch() ran
    bool reads_arg(uint32_t n) const { return (args >> n) & 1; }
};

struct ProgramBuilder {
    uint32_t activity;             // the state the program runs in (abi::kActive ...)
    void (*build)(EntrySetup& s);  // the firing's probe id and arguments, then the clauses
    ProgramContext context;        // what its clauses may assume of the firing
};

// The builder of a kind's program.
const ProgramBuilder& program_builder(probes::AttachKind kind);

// The entry function of one program (program_builders.cpp): the activity check, then the kind's
// builder; `slot` is the program's index among the scratch rows, `args` the argument slots its
// clauses read (ClauseReads::args). `early`: clauses whose predicates the entry tests first
// (early_predicate.h); a firing none of them passes ends there.
void build_entry(Gen& g, bpf::Function& f, probes::AttachKind kind, uint32_t slot, uint32_t args,
                 const std::vector<uint32_t>& probe_ids, const ClauseFns& clause_fns,
                 const std::vector<const sema::Clause*>& early = {});

// Helpers the builders share (program_builders.cpp).
// The program's scratch slot into s.scratch (returning from the program when the lookup
// fails), its firing timestamp reset. Every builder calls it once, after its rejections.
void find_scratch(EntrySetup& s);
// The probe id: the attach cookie when the program has several probes, else its one probe's id.
bpf::VReg probe_id_of(const EntrySetup& s, bool from_cookie);
// The probe id in the scratch area, and zero for the ten arguments (kinds that set none).
void zero_args(const EntrySetup& s, bpf::VReg probe);
// For each probe of the program, its clauses in program order (BEGIN, END, profile-N).
void call_probe_clauses(const EntrySetup& s, bpf::VReg probe);
// The pid and USDT providers' dispatch through the probe table: the row of the probe id in
// `probe` (returning from the program when there is none: not a probe of this session, or not
// one for this process), then the clauses the row enables.
bpf::VReg probe_table_row(const EntrySetup& s, bpf::VReg probe);
void call_table_clauses(const EntrySetup& s, bpf::VReg row);
// A cookie's lower half (the probe id) into the scratch area; `probe` keeps only that half.
void store_cookie_probe(const EntrySetup& s, bpf::VReg probe);

// Slots a clause needs in a table's rows (the probe, syscall and sdt tables): one per enabling
// of one probe in_table accepts (see slot_of()); programs.cpp.
uint32_t table_slots(const sema::Clause& c, bool (*in_table)(const probes::Probe&));

// The pid and USDT providers' clauses (build_uprobe.cpp): those with pid or USDT probes now, and
// those whose descriptions may gain probes later (a library not loaded yet), in the programs
// their names can reach. Fills g.out.uprobe_clauses and adds those programs to by_kind.
struct UserProbeUse {
    bool entry = false, ret = false, usdt = false;  // the Uprobe, Uretprobe and Usdt programs
    bool in(probes::AttachKind kind) const;         // whether `kind`'s program calls the clause
};
std::map<uint32_t, UserProbeUse> wire_user_probe_clauses(
    Gen& g, std::map<probes::AttachKind, std::vector<uint32_t>>& by_kind);

// The builders, each in its provider's file of codegen/.
void build_dtrace_entry(EntrySetup& s);     // build_dtrace.cpp: BEGIN, END
void build_profile_entry(EntrySetup& s);    // build_profile.cpp: profile-N, tick-N
void build_uprobe_entry(EntrySetup& s);     // build_uprobe.cpp: pid entry and offset probes
void build_uretprobe_entry(EntrySetup& s);  // build_uprobe.cpp: pid return probes
void build_usdt_entry(EntrySetup& s);       // gen_usdt.cpp
void build_syscall_entry(EntrySetup& s);    // gen_syscall.cpp: sys_enter and sys_exit
void build_sdt_entry(EntrySetup& s);        // gen_sdt.cpp: sdt, proc, sched, io, fbt

}  // namespace bdtrace::codegen
