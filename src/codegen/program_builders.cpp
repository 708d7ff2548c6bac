// The entry function every program shares (the activity check, the program's scratch slot), the
// table of program builders by kind, and the dispatch helpers the builders share.

#include "codegen/program_builders.h"

#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using probes::AttachKind;

const ProgramBuilder& program_builder(AttachKind kind) {
    static const ProgramBuilder kBegin{abi::kBegin, build_dtrace_entry, {}};
    static const ProgramBuilder kEnd{abi::kEnd, build_dtrace_entry, {}};
    static const ProgramBuilder kProfile{abi::kActive, build_profile_entry,
                                         {.clean_kernel_stack = true}};
    static const ProgramBuilder kUprobe{abi::kActive, build_uprobe_entry,
                                        {.user_regs = true,
                                         .entry_site = true,
                                         .clean_kernel_stack = true,
                                         .names_by_probe_id = true}};
    static const ProgramBuilder kUretprobe{abi::kActive, build_uretprobe_entry,
                                           {.user_regs = true,
                                            .return_site = true,
                                            .clean_kernel_stack = true,
                                            .names_by_probe_id = true}};
    static const ProgramBuilder kUsdt{
        abi::kActive, build_usdt_entry,
        {.user_regs = true, .clean_kernel_stack = true, .names_by_probe_id = true}};
    static const ProgramBuilder kSyscallEntry{abi::kActive, build_syscall_entry,
                                              {.names_by_probe_id = true}};
    static const ProgramBuilder kSyscallReturn{
        abi::kActive, build_syscall_entry, {.names_by_probe_id = true, .syscall_return = true}};
    static const ProgramBuilder kSdt{abi::kActive, build_sdt_entry,
                                     {.names_by_probe_id = true, .may_swap_identity = true}};
    switch (kind) {
        case AttachKind::Begin:
            return kBegin;
        case AttachKind::End:
            return kEnd;
        case AttachKind::Error:
            break;  // ERROR clauses run inside the other programs
        case AttachKind::Profile:
        case AttachKind::Tick:
            return kProfile;
        case AttachKind::Uprobe:
            return kUprobe;
        case AttachKind::Uretprobe:
            return kUretprobe;
        case AttachKind::Usdt:
            return kUsdt;
        case AttachKind::SyscallEntry:
            return kSyscallEntry;
        case AttachKind::SyscallReturn:
            return kSyscallReturn;
        case AttachKind::Sdt:
            return kSdt;
    }
    return kBegin;
}

VReg table_row_or_return(bpf::Function& f, uint32_t map_id, VReg key, VReg* keyp_out) {
    bpf::StackSlot slot = f.alloc_stack(8);
    f.store(4, slot, 0, key);
    VReg keyp = f.vreg();
    f.addr_of(keyp, slot);
    VReg map = f.vreg();
    f.load_map_fd(map, map_id);
    VReg row = f.call_helper(bpf::helper::map_lookup_elem, {map, keyp});
    bpf::Label have = f.new_label();
    f.branch(Cond::Ne, row, 0, have);
    f.ret(0);
    f.bind(have);
    if (keyp_out) *keyp_out = keyp;
    return row;
}

void call_row_clauses(bpf::Function& f, VReg ctx, VReg scratch, VReg st, VReg row, int16_t first,
                      const std::vector<uint32_t>& slots, uint32_t want,
                      const std::vector<std::pair<uint32_t, bpf::FunctionId>>& clause_fns) {
    for (const auto& [clause, fn] : clause_fns) {
        // Each of the clause's slots: once per description of it that enabled the probe.
        for (uint32_t slot = 0; slot < slots.size(); ++slot) {
            if (slots[slot] != clause) continue;
            bpf::Label skip = f.new_label();
            VReg epid = f.vreg();
            f.load(4, epid, row, static_cast<int16_t>(first + 4 * slot));
            f.branch(Cond::Eq, epid, 0, skip);
            // exit() in an earlier clause stops the rest of this firing too.
            VReg now = f.vreg();
            f.load(4, now, st, abi::kStateActivity);
            f.branch(Cond::Ne, now, static_cast<int64_t>(want), skip);
            f.call(fn, {ctx, scratch, epid});
            f.bind(skip);
        }
    }
    f.ret(0);
}

void build_entry(Gen& g, bpf::Function& f, AttachKind kind, uint32_t slot, uint32_t args,
                 const std::vector<uint32_t>& probe_ids, const ClauseFns& clause_fns,
                 const std::vector<const sema::Clause*>& early) {
    const ProgramBuilder& builder = program_builder(kind);
    VReg ctx = f.param(0);
    if (!early.empty()) {  // false predicates end the firing before the state is touched
        bpf::Label pass = f.new_label();
        for (const sema::Clause* c : early) {
            bpf::Label next = f.new_label();
            ClauseGen(g, f, *c).branch_if_false(*c->predicate, next);
            f.jump(pass);
            f.bind(next);
        }
        f.ret(0);
        f.bind(pass);
    }
    VReg st = f.vreg();
    f.load_map_value(st, abi::kStateMap, 0);
    VReg act = f.vreg();
    f.load(4, act, st, abi::kStateActivity);
    uint32_t want = builder.activity;
    bpf::Label run = f.new_label();
    f.branch(Cond::Eq, act, static_cast<int64_t>(want), run);
    f.ret(0);
    f.bind(run);
    if (g.opts.only_cpu >= 0) {  // -x cpu: the other CPUs have no buffer in DTrace
        VReg cpu = f.call_helper(bpf::helper::get_smp_processor_id, {});
        bpf::Label here = f.new_label();
        f.branch(Cond::Eq, cpu, static_cast<int64_t>(g.opts.only_cpu), here);
        f.ret(0);
        f.bind(here);
    }
    EntrySetup s{g, f, kind, ctx, st, want, slot, args, probe_ids, clause_fns};
    builder.build(s);
}

// Each program has its own row of the scratch map on each CPU (`slot`): a program may interrupt
// another on its CPU (a profile tick during a tracepoint's program, a tracepoint fired by an
// interrupt), and the interrupted one's key, record and strings must survive. The kernel does
// not run a program nested in itself (it counts a recursion miss instead). The rows are a plain
// array indexed by CPU and program rather than a per-CPU map: reaching a per-CPU map's value
// cost ~90 ns per profile event more here, most of the floor (bench/floor_parts.py).
void find_scratch(EntrySetup& s) {
    bpf::Function& f = s.f;
    // This CPU's row of the program: cpu * programs + slot (MapSpec::per_cpu_rows).
    VReg row = f.call_helper(bpf::helper::get_smp_processor_id, {});
    if (s.g.program_count > 1) f.alu64(AluOp::Mul, row, static_cast<int64_t>(s.g.program_count));
    if (s.slot) f.alu64(AluOp::Add, row, static_cast<int64_t>(s.slot));
    bpf::StackSlot key = f.alloc_stack(8);
    f.store(4, key, 0, row);
    VReg keyp = f.vreg();
    f.addr_of(keyp, key);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kScratchMap);
    VReg scratch = f.call_helper(bpf::helper::map_lookup_elem, {map, keyp});
    bpf::Label have = f.new_label();
    f.branch(Cond::Ne, scratch, 0, have);
    f.ret(0);
    f.bind(have);
    f.store(8, scratch, abi::kScratchTimestamp, 0);  // read when first used (firing_timestamp)
    s.scratch = scratch;
}

// The floor every firing pays is mostly the cache lines it touches (a timer tick finds them
// cold) and the helpers it calls, so each kind writes only what it sets and its clauses read.
// An argument slot a program never writes (one no clause of it reads, arg2 and up of a tick) is
// zero from the map's creation: no other program shares its rows, and the fault path puts back
// the arguments it lends to ERROR.
VReg probe_id_of(const EntrySetup& s, bool from_cookie) {
    VReg probe = s.f.vreg();
    if (from_cookie) {
        probe = s.f.call_helper(bpf::helper::get_attach_cookie, {s.ctx});
    } else {
        s.f.mov(probe, static_cast<int64_t>(s.probe_ids.empty() ? 0 : s.probe_ids[0]));
    }
    return probe;
}

void zero_args(const EntrySetup& s, VReg probe) {
    s.f.store(8, s.scratch, abi::kScratchProbeId, probe);
    for (int i = 0; i < 10; ++i)
        s.f.store(8, s.scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), 0);
}

void store_cookie_probe(const EntrySetup& s, VReg probe) {
    s.f.alu64(AluOp::Lsh, probe, 32);
    s.f.alu64(AluOp::Rsh, probe, 32);
    s.f.store(8, s.scratch, abi::kScratchProbeId, probe);
}

void call_probe_clauses(const EntrySetup& s, VReg probe) {
    bpf::Function& f = s.f;
    const bool one_probe = s.probe_ids.size() == 1;
    for (uint32_t pid : s.probe_ids) {
        bpf::Label next = f.new_label();
        if (!one_probe) f.branch(Cond::Ne, probe, static_cast<int64_t>(pid), next);
        for (const auto& e : s.g.out.epids) {
            if (e.probe_id != pid) continue;
            for (const auto& [clause, fn] : s.clause_fns) {
                if (clause != e.clause) continue;
                // exit() in an earlier clause stops the rest of this firing too.
                bpf::Label skip = f.new_label();
                VReg now = f.vreg();
                f.load(4, now, s.st, abi::kStateActivity);
                f.branch(Cond::Ne, now, static_cast<int64_t>(s.want), skip);
                f.call(fn, {s.ctx, s.scratch, static_cast<int64_t>(e.epid)});
                f.bind(skip);
            }
        }
        f.bind(next);
    }
    f.ret(0);
}

// The pid provider's dispatch: the cookie is the probe id, its row of the probe table holds the
// epid of each clause enabled for it (0: not enabled), so a probe found after tracing started
// needs only a new row, and thousands of probes cost one lookup.
VReg probe_table_row(const EntrySetup& s, VReg probe) {
    return table_row_or_return(s.f, abi::kProbeTableMap, probe);
}

void call_table_clauses(const EntrySetup& s, VReg row) {
    std::vector<uint32_t> slots;
    for (const auto& uc : s.g.out.uprobe_clauses) slots.push_back(uc.clause);
    call_row_clauses(s.f, s.ctx, s.scratch, s.st, row, 0, slots, s.want, s.clause_fns);
}

}  // namespace bdtrace::codegen
