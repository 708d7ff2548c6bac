// Program shape: one BPF program per attach kind. Its entry function checks the activity
// state, sets up the per-CPU scratch area (timestamp, arguments, probe id from the cookie) and
// calls, for the probe that fired, each enabled clause in program order. Each clause is a
// BPF-to-BPF function fn(ctx, scratch, epid) that builds one record and submits it.

#include <algorithm>
#include <map>

#include "arch/x86_64_regs.h"
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_usdt.h"
#include "formats/agg_buckets.h"
#include "util/glob.h"
#include "process/pid_probes.h"
#include "probes/syscall_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using probes::AttachKind;

Gen::Gen(const sema::TypedProgram& p, probes::Registry& r, sema::TypeTable& t,
         const CodegenOptions& o, DiagnosticList& d, ProgramSet& ps)
    : prog(p), registry(r), types(t), opts(o), diags(d), out(ps), strsize(o.strsize + 1) {}

void Gen::error(Tag tag, SourceRange r, const std::string& msg) {
    diags.error(tag, r, msg);
    throw GenAbort{};
}

uint32_t Gen::string_constant(const std::string& s) {
    if (auto it = strings_.find(s); it != strings_.end()) return it->second;
    uint32_t off = static_cast<uint32_t>(string_bytes_.size());
    std::string v = s.substr(0, strsize - 1);
    string_bytes_.insert(string_bytes_.end(), v.begin(), v.end());
    string_bytes_.resize(off + strsize, 0);  // padded so that readers may touch strsize bytes
    strings_[s] = off;
    return off;
}

// chill(): bpf_loop calls this until the requested time has passed. Its context holds the
// start time and the duration (ns); returning 1 ends the loop.
bpf::FunctionId Gen::chill_callback() {
    if (chill_fn) return *chill_fn;
    bpf::Function& f = ir->add_function("chill_wait", 2);
    VReg ctx = f.param(1);
    VReg start = f.vreg(), ns = f.vreg();
    f.load(8, start, ctx, 0);
    f.load(8, ns, ctx, 8);
    VReg now = f.call_helper(bpf::helper::ktime_get_ns, {});
    f.alu64(AluOp::Sub, now, start);
    bpf::Label more = f.new_label();
    f.branch(Cond::Lt, now, ns, more);
    f.ret(1);
    f.bind(more);
    f.ret(0);
    chill_fn = f.id();
    return f.id();
}

ClauseGen::ClauseGen(Gen& gen, bpf::Function& fn, const sema::Clause& c, bool error_clause)
    : g(gen), f(fn), clause(c), is_error_clause(error_clause) {}

namespace {

// The number of actions of a clause: one more than the largest action index in it.
uint32_t count_actions(const std::vector<sema::StmtPtr>& body) {
    uint32_t n = 0;
    for (const auto& s : body) {
        if (s->action) n = std::max(n, s->action->index + 1);
        n = std::max({n, count_actions(s->then_body), count_actions(s->else_body)});
    }
    return n;
}

}  // namespace

void ClauseGen::mark_action(uint32_t index) {
    auto off = static_cast<int16_t>(abi::action_mask_offset(index));
    VReg mask = f.vreg();
    f.load(8, mask, record, off);
    VReg bit = f.vreg();
    f.mov(bit, static_cast<int64_t>(1));
    if (index % 64) f.alu64(AluOp::Lsh, bit, static_cast<int64_t>(index % 64));
    f.alu64(AluOp::Or, mask, bit);
    f.store(8, record, off, mask);
}

void ClauseGen::run() {
    ctx = f.param(0);
    scratch = f.param(1);
    epid = f.param(2);
    fault_exit = f.new_label();
    record = f.vreg();
    f.set_source(static_cast<int>(clause.range.begin.line), g.source_line(clause.range.begin.line));
    reset_scratch_allocations();
    if (clause.predicate) {
        bpf::Label skip = f.new_label(), go = f.new_label();
        branch_if_false(*clause.predicate, skip);
        f.jump(go);
        f.bind(skip);
        f.ret(0);
        f.bind(go);
    }
    // The record header, once the predicate let the clause run.
    f.mov(record, scratch);
    f.alu64(AluOp::Add, record, static_cast<int64_t>(g.record_offset));
    f.store(8, record, 8, static_cast<int64_t>(0));  // the action mask; epid and CPU when sent
    // More than 64 actions: their bits follow the header, and the data after them.
    mask_words = abi::action_mask_words(count_actions(clause.body));
    for (uint32_t w = 0; w < mask_words; ++w)
        f.store(8, record, static_cast<int16_t>(abi::kRecordHeaderSize + 8 * w), static_cast<int64_t>(0));
    record_size += 8 * mask_words;
    statements(clause.body);

    bool default_action = clause.body.empty();
    if (default_action || !actions.empty()) {
        if (!default_action) {
            VReg mask = f.vreg();
            f.load(8, mask, record, 8);
            for (uint32_t w = 0; w < mask_words; ++w) {
                VReg more = f.vreg();
                f.load(8, more, record, static_cast<int16_t>(abi::kRecordHeaderSize + 8 * w));
                f.alu64(AluOp::Or, mask, more);
            }
            bpf::Label some = f.new_label();
            f.branch(Cond::Ne, mask, 0, some);
            f.ret(0);
            f.bind(some);
        }
        f.store(4, record, 0, epid);
        VReg cpu = f.call_helper(bpf::helper::get_smp_processor_id, {});
        f.store(4, record, 4, cpu);
        VReg flags = ringbuf_wakeup_flags();
        VReg rb = f.vreg();
        f.load_map_fd(rb, abi::kRingbufMap);
        VReg rc = f.call_helper(bpf::helper::ringbuf_output, {rb, record, static_cast<int64_t>(record_size), flags});
        // A full ring buffer drops the record; the consumer reports drops per CPU.
        bpf::Label written = f.new_label();
        f.branch(Cond::Eq, rc, 0, written);
        count_drop(abi::kScratchDrops);
        f.bind(written);
    }
    f.ret(0);

    // Faults: report and abandon the clause; tracing goes on. (No fault path when nothing can
    // fault: the verifier refuses unreachable instructions.) The record built so far is
    // dropped: DTrace does not commit an ECB's data when a fault abandons it.
    if (!can_fault) return;
    f.bind(fault_exit);
    VReg rec = f.vreg();
    f.mov(rec, scratch);
    f.alu64(AluOp::Add, rec, static_cast<int64_t>(fault_record_offset()));
    f.store(4, rec, 0, static_cast<int64_t>(0));
    VReg cpu2 = f.call_helper(bpf::helper::get_smp_processor_id, {});
    f.store(4, rec, 4, cpu2);
    f.store(8, rec, 8, static_cast<int64_t>(0));
    // Fire dtrace:::ERROR first (arg1 epid, arg2 action index, arg3 offset, arg4 fault type,
    // arg5 address; the faulting clause is abandoned, so its arguments may be overwritten),
    // then report the fault: a fault inside ERROR itself is reported before the one that fired
    // it, as DTrace does. ERROR clauses have their own fault record.
    if (!is_error_clause && !g.error_fns.empty()) {
        // The firing's arguments, put back after ERROR for the clauses that follow this one.
        VReg kept[6];
        for (int i = 0; i < 6; ++i) {
            kept[i] = f.vreg();
            f.load(8, kept[i], scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i));
        }
        VReg v = f.vreg();
        f.store(8, scratch, abi::kScratchArgs, 0);
        f.load(4, v, rec, 16);
        f.store(8, scratch, abi::kScratchArgs + 8, v);
        f.load(4, v, rec, 20);
        f.store(8, scratch, abi::kScratchArgs + 16, v);
        f.load(4, v, rec, 28);
        f.store(8, scratch, abi::kScratchArgs + 24, v);
        f.load(4, v, rec, 24);
        f.store(8, scratch, abi::kScratchArgs + 32, v);
        f.load(8, v, rec, 32);
        f.store(8, scratch, abi::kScratchArgs + 40, v);
        // ERROR sees its own probe id; the firing's is put back for the clauses after.
        VReg saved = f.vreg();
        f.load(8, saved, scratch, abi::kScratchProbeId);
        for (const auto& e : g.error_fns) {
            f.store(8, scratch, abi::kScratchProbeId, static_cast<int64_t>(e.probe_id));
            f.call(e.fn, {ctx, scratch, static_cast<int64_t>(e.epid)});
        }
        f.store(8, scratch, abi::kScratchProbeId, saved);
        for (int i = 0; i < 6; ++i) f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), kept[i]);
        f.mov(rec, scratch);
        f.alu64(AluOp::Add, rec, static_cast<int64_t>(fault_record_offset()));
    }
    VReg flags = ringbuf_wakeup_flags();
    VReg rb = f.vreg();
    f.load_map_fd(rb, abi::kRingbufMap);
    f.call_helper(bpf::helper::ringbuf_output, {rb, rec, static_cast<int64_t>(sizeof(abi::FaultRecord)), flags});
    f.ret(0);
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

namespace {

// The entry function of one program: the activity check, the scratch area, the dispatch.
bool uprobe_kind(AttachKind k) { return probes::is_uprobe_kind(k); }

// The pid provider's dispatch: the cookie is the probe id, its row of the probe table holds the
// epid of each clause enabled for it (0: not enabled), so a probe found after tracing started
// needs only a new row, and thousands of probes cost one lookup.
void table_dispatch(Gen& g, bpf::Function& f, VReg ctx, VReg scratch, VReg st, VReg probe, uint32_t want,
                    const std::vector<std::pair<uint32_t, bpf::FunctionId>>& clause_fns) {
    VReg row = table_row_or_return(f, abi::kProbeTableMap, probe);
    std::vector<uint32_t> slots;
    for (const auto& uc : g.out.uprobe_clauses) slots.push_back(uc.clause);
    call_row_clauses(f, ctx, scratch, st, row, 0, slots, want, clause_fns);
}

// Each program has its own entry of the per-CPU scratch map (`slot`): a program may interrupt
// another on its CPU (a profile tick during a tracepoint's program, a tracepoint fired by an
// interrupt), and the interrupted one's key, record and strings must survive. The kernel does
// not run a program nested in itself (it counts a recursion miss instead).
void entry(Gen& g, bpf::Function& f, AttachKind kind, uint32_t slot, const std::vector<uint32_t>& probe_ids,
           const std::vector<std::pair<uint32_t, bpf::FunctionId>>& clause_fns) {
    VReg ctx = f.param(0);
    VReg st = f.vreg();
    f.load_map_value(st, abi::kStateMap, 0);
    VReg act = f.vreg();
    f.load(4, act, st, abi::kStateActivity);
    uint32_t want = kind == AttachKind::Begin ? abi::kBegin : kind == AttachKind::End ? abi::kEnd : abi::kActive;
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

    bpf::StackSlot key = f.alloc_stack(8);
    f.store(4, key, 0, static_cast<int64_t>(slot));
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
    if (kind == AttachKind::SyscallEntry || kind == AttachKind::SyscallReturn)
        return syscall_dispatch(g, f, kind, ctx, scratch, st, want, clause_fns);
    if (kind == AttachKind::Sdt) return sdt_dispatch(g, f, ctx, scratch, st, want, clause_fns);
    VReg probe = f.vreg();
    bool one_probe = probe_ids.size() == 1;
    bool cookie_kind = kind == AttachKind::Profile || kind == AttachKind::Tick || uprobe_kind(kind);
    if (uprobe_kind(kind) || (cookie_kind && !one_probe)) {
        probe = f.call_helper(bpf::helper::get_attach_cookie, {ctx});
    } else {
        f.mov(probe, static_cast<int64_t>(probe_ids.empty() ? 0 : probe_ids[0]));
    }
    // The floor every firing pays is mostly the cache lines it touches (a timer tick finds them
    // cold), so each kind writes only what it sets. The arguments a kind never sets (arg2 and
    // up of a tick, arg6 and up of a pid entry probe) are zero from the map's creation: no other
    // program shares this slot, and the fault path puts back the arguments it lends to ERROR.
    const bool sets_args = kind == AttachKind::Profile || kind == AttachKind::Tick || uprobe_kind(kind);
    if (!sets_args) {
        f.store(8, scratch, abi::kScratchProbeId, probe);
        for (int i = 0; i < 10; ++i) f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), 0);
    }
    if (kind == AttachKind::Profile || kind == AttachKind::Tick) {
        f.store(8, scratch, abi::kScratchProbeId, probe);
        // bpf_perf_event_data begins with the interrupted pt_regs.
        VReg ip = f.vreg(), cs = f.vreg();
        f.load(8, ip, ctx, arch::kRip);
        f.load(8, cs, ctx, arch::kCs);
        f.alu64(AluOp::And, cs, arch::kCsPrivilegeMask);
        bpf::Label kernel = f.new_label(), done = f.new_label();
        f.branch(Cond::Eq, cs, 0, kernel);
        f.store(8, scratch, abi::kScratchArgs, 0);
        f.store(8, scratch, abi::kScratchArgs + 8, ip);  // arg1: user pc
        f.jump(done);
        f.bind(kernel);
        f.store(8, scratch, abi::kScratchArgs, ip);      // arg0: kernel pc
        f.store(8, scratch, abi::kScratchArgs + 8, 0);
        f.bind(done);
    }
    if (kind == AttachKind::Uprobe) {
        // An entry uprobe past the function's first instruction (process/entry_site.h): the
        // bytes it lies past in the cookie's upper half, for uregs[R_PC] and ustack().
        // (Stored only for a program whose clauses read it: it lies on a cache line of its own.)
        if (g.reads_pc_skip) {
            VReg skip = f.vreg();
            f.mov(skip, probe);
            f.alu64(AluOp::Rsh, skip, 32);
            f.store(8, scratch, abi::kScratchPcSkip, skip);
        }
        f.alu64(AluOp::Lsh, probe, 32);
        f.alu64(AluOp::Rsh, probe, 32);
        f.store(8, scratch, abi::kScratchProbeId, probe);
    }
    if (kind == AttachKind::Uprobe) {
        // The x86-64 argument registers, from the pt_regs the uprobe hands over.
        for (int i = 0; i < 6; ++i) {
            VReg r = f.vreg();
            f.load(8, r, ctx, arch::kCallArgs[i]);
            f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), r);
        }
        // arg6-arg9: the ABI passes them on the stack, above the return address the call
        // pushed: 8(%rsp) up at the entry (DTrace reads them there at every pid probe). A read
        // that fails leaves zeros.
        constexpr int16_t kPtRegsSp = 152;
        VReg sp = f.vreg();
        f.load(8, sp, ctx, kPtRegsSp);
        f.alu64(AluOp::Add, sp, 8);
        VReg dst = f.vreg();
        f.mov(dst, scratch);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(abi::kScratchArgs + 8 * 6));
        f.call_helper(bpf::helper::probe_read_user, {dst, 8 * 4, sp});
    }
    if (kind == AttachKind::Uretprobe) {
        // DTrace's return probes: arg0 is the offset of the returning instruction in the
        // function (the cookie's upper half; 0 for a return uprobe), arg1 the return value.
        VReg off = f.vreg();
        f.mov(off, probe);
        f.alu64(AluOp::Rsh, off, 32);
        f.store(8, scratch, abi::kScratchArgs, off);
        f.alu64(AluOp::Lsh, probe, 32);
        f.alu64(AluOp::Rsh, probe, 32);
        f.store(8, scratch, abi::kScratchProbeId, probe);
        VReg r = f.vreg();
        f.load(8, r, ctx, arch::kReturnValue);
        f.store(8, scratch, abi::kScratchArgs + 8, r);
    }

    if (kind == AttachKind::Usdt) {
        // The cookie: the probe id, and the call site's index in the upper half.
        VReg site = f.vreg();
        f.mov(site, probe);
        f.alu64(AluOp::Rsh, site, 32);
        f.alu64(AluOp::Lsh, probe, 32);
        f.alu64(AluOp::Rsh, probe, 32);
        f.store(8, scratch, abi::kScratchProbeId, probe);
        usdt_load_args(f, ctx, scratch, site);
    }

    if (uprobe_kind(kind)) return table_dispatch(g, f, ctx, scratch, st, probe, want, clause_fns);

    // For each probe of this program, its clauses in program order.
    for (uint32_t pid : probe_ids) {
        bpf::Label next = f.new_label();
        if (!one_probe) f.branch(Cond::Ne, probe, static_cast<int64_t>(pid), next);
        for (const auto& e : g.out.epids) {
            if (e.probe_id != pid) continue;
            for (const auto& [clause, fn] : clause_fns) {
                if (clause != e.clause) continue;
                // exit() in an earlier clause stops the rest of this firing too.
                bpf::Label skip = f.new_label();
                VReg now = f.vreg();
                f.load(4, now, st, abi::kStateActivity);
                f.branch(Cond::Ne, now, static_cast<int64_t>(want), skip);
                f.call(fn, {ctx, scratch, static_cast<int64_t>(e.epid)});
                f.bind(skip);
            }
        }
        f.bind(next);
    }
    f.ret(0);
}

}  // namespace

void Gen::run() {
    // Enabled probes: (clause, probe) pairs in program order.
    for (const auto& c : prog.clauses) {
        const ClauseReads reads = clause_reads(c);
        for (const auto& p : c.probes) {
            Epid e;
            e.epid = static_cast<uint32_t>(out.epids.size() + 1);
            e.clause = c.index;
            e.probe_id = p.probe_id;
            e.occurrence = p.occurrence;
            e.provider = p.provider;
            e.module = p.module;
            e.function = p.function;
            e.name = p.name;
            e.reads = reads;
            if (const probes::Probe* pr = registry.by_id(p.probe_id)) {
                set_uprobe_fields(e, *pr);
                e.tp_nargs = pr->tp_nargs;
                e.tracepoint = pr->tracepoint;
                e.guard = pr->guard;
                e.guard2 = pr->guard2;
                e.guard3 = pr->guard3;
                e.also = pr->also;
                e.hook = pr->hook;
                e.identity_arg = pr->identity_arg;
                if (pr->syscall_nr >= 0)
                    e.syscall_key = static_cast<int32_t>(
                        syscall_table_key(pr->syscall_nr, pr->attach == AttachKind::SyscallReturn));
            }
            out.epids.push_back(std::move(e));
        }
    }

    // Which kinds of program are needed, and the probes of each.
    std::map<AttachKind, std::vector<uint32_t>> by_kind;
    for (const auto& e : out.epids) {
        const probes::Probe* p = registry.by_id(e.probe_id);
        if (!p) continue;
        if (p->attach == AttachKind::Error) continue;  // ERROR clauses: a later stage
        auto& ids = by_kind[p->attach];
        if (std::find(ids.begin(), ids.end(), p->id) == ids.end()) ids.push_back(p->id);
    }
    // The pid provider's clauses: those with uprobe probes now, and those whose descriptions may
    // gain probes later (a library not loaded yet), in the programs their names can reach.
    std::map<uint32_t, std::pair<bool, bool>> uprobe_use;  // clause -> (entry/offset, return)
    std::map<uint32_t, bool> usdt_use;                     // clause -> USDT probes
    // Slots a clause needs in a table's rows: one per enabling of one probe (see slot_of()).
    auto slots_for = [&](const sema::Clause& c, auto&& in_table) {
        uint32_t n = 0;
        for (const auto& p : c.probes) {
            const probes::Probe* pr = registry.by_id(p.probe_id);
            if (pr && in_table(*pr)) n = std::max(n, p.occurrence + 1);
        }
        return n;
    };
    for (const auto& c : prog.clauses) {
        auto& use = uprobe_use[c.index];
        for (const auto& p : c.probes) {
            const probes::Probe* pr = registry.by_id(p.probe_id);
            if (pr && pr->attach == AttachKind::Uprobe) use.first = true;
            if (pr && pr->attach == AttachKind::Uretprobe) use.second = true;
            if (pr && pr->attach == AttachKind::Usdt) usdt_use[c.index] = true;
        }
        for (const auto& d : c.dynamic_descriptions) {
            // USDT descriptions of a process (myprov1234) may gain probes as the pid
            // provider's do (a library loaded later); system-wide ones (USDT, and the pid
            // provider's pid*:file) as new files are run or mapped (the process watch).
            Diagnostic ignored;
            auto prov = process::parse_pid_provider(d.provider, ignored);
            // No pid: a USDT provider glob system-wide (test_prov*), or pid* system-wide; a
            // provider glob with one (p*d1234) may name pid and USDT probes both.
            if (!prov && !probes::pid_system_wide(d)) {
                if (probes::usdt_system_wide(d)) usdt_use[c.index] = true;
                continue;
            }
            if (prov && prov->prefix != "pid") usdt_use[c.index] = true;
            if (prov && !util::glob_match(prov->prefix, "pid")) continue;
            use.first |= d.name != "return";
            use.second |= d.name.empty() || util::glob_match(d.name, "return");
        }
        if (usdt_use[c.index]) by_kind[AttachKind::Usdt];
        if (!use.first && !use.second && !usdt_use[c.index]) continue;
        UprobeClause uc;
        uc.clause = c.index;
        uc.reads = clause_reads(c);
        uc.descriptions = c.dynamic_descriptions;
        out.uprobe_clauses.push_back(std::move(uc));
        // More slots when several descriptions may enable one probe, now or once a library
        // is loaded (the descriptions stay with the first).
        uint32_t slots = std::max<uint32_t>(slots_for(c, [](const probes::Probe& pr) { return probes::is_uprobe_kind(pr.attach); }),
                                            static_cast<uint32_t>(c.dynamic_descriptions.size()));
        for (uint32_t k = 1; k < slots; ++k) {
            UprobeClause more;
            more.clause = c.index;
            out.uprobe_clauses.push_back(std::move(more));
        }
        if (use.first) by_kind[AttachKind::Uprobe];
        if (use.second) by_kind[AttachKind::Uretprobe];
    }

    // The syscall provider's clauses, each a column of the syscall table.
    for (const auto& c : prog.clauses) {
        uint32_t sys = slots_for(c, [](const probes::Probe& pr) { return pr.syscall_nr >= 0; });
        out.syscall_clauses.insert(out.syscall_clauses.end(), sys, c.index);
        uint32_t sdt = slots_for(c, [](const probes::Probe& pr) { return pr.attach == AttachKind::Sdt; });
        out.sdt_clauses.insert(out.sdt_clauses.end(), sdt, c.index);
    }

    // The scratch area: this-> variables, the record buffer, the fault record, temporaries.
    uint32_t vars_end = abi::kScratchVars + (prog.clause_vars_size + 7) / 8 * 8;
    record_offset = vars_end;

    // Lower every clause once per program kind it is enabled in (a BPF function cannot be
    // shared between programs), measuring record sizes as we go.
    for (auto& entry_kind : by_kind) {
        // (A named reference, not a structured binding: clang 14 cannot capture bindings.)
        const AttachKind kind = entry_kind.first;
        const std::vector<uint32_t>& ids = entry_kind.second;
        current_kind = kind;
        reads_pc_skip = false;
        GenProgram gp;
        gp.kind = kind;
        gp.probe_ids = ids;
        gp.ir = std::make_unique<bpf::Program>();
        ir = gp.ir.get();
        chill_fn.reset();
        bpf::Function& main = gp.ir->add_function("entry");
        std::vector<std::pair<uint32_t, bpf::FunctionId>> fns;
        // ERROR clauses first, so that the others can call them from their fault paths.
        error_fns.clear();
        for (const auto& c : prog.clauses) {
            bool is_error = std::any_of(c.probes.begin(), c.probes.end(), [&](const sema::EnabledProbe& p) {
                const probes::Probe* pr = registry.by_id(p.probe_id);
                return pr && pr->attach == AttachKind::Error;
            });
            if (!is_error) continue;
            bpf::Function& fn = gp.ir->add_function("error_clause" + std::to_string(c.index), 3);
            ClauseGen cg(*this, fn, c, true);
            cg.run();
            record_capacity = std::max(record_capacity, cg.record_size);
            for (auto& e : out.epids) {
                if (e.clause != c.index) continue;
                e.record_size = cg.record_size;
                e.actions = cg.actions;
                const probes::Probe* pr = registry.by_id(e.probe_id);
                if (pr && pr->attach == AttachKind::Error) error_fns.push_back({e.epid, e.probe_id, fn.id()});
            }
        }
        for (const auto& c : prog.clauses) {
            bool enabled = std::any_of(c.probes.begin(), c.probes.end(), [&](const sema::EnabledProbe& p) {
                return std::find(ids.begin(), ids.end(), p.probe_id) != ids.end();
            });
            if (kind == AttachKind::Uprobe) enabled |= uprobe_use[c.index].first;
            if (kind == AttachKind::Uretprobe) enabled |= uprobe_use[c.index].second;
            if (kind == AttachKind::Usdt) enabled |= usdt_use[c.index];
            if (!enabled) continue;
            bpf::Function& fn = gp.ir->add_function("clause" + std::to_string(c.index), 3);
            ClauseGen cg(*this, fn, c);
            cg.run();
            record_capacity = std::max(record_capacity, cg.record_size);
            for (auto& e : out.epids) {
                if (e.clause != c.index) continue;
                e.record_size = cg.record_size;
                e.actions = cg.actions;
            }
            for (auto& uc : out.uprobe_clauses)
                if (uc.clause == c.index) uc.record_size = cg.record_size, uc.actions = cg.actions;
            fns.emplace_back(c.index, fn.id());
        }
        entry(*this, main, kind, static_cast<uint32_t>(out.programs.size()), ids, fns);
        gp.needs_func_info = chill_fn.has_value();
        out.programs.push_back(std::move(gp));
    }
    out.record_offset = record_offset;
    out.strsize = strsize;
}

// The kernel's limit on a per-CPU map value (PCPU_MIN_UNIT_SIZE).
constexpr uint32_t kMaxScratchValue = 32768;

std::unique_ptr<ProgramSet> generate(const sema::TypedProgram& prog, probes::Registry& registry,
                                     sema::TypeTable& types, const CodegenOptions& opts,
                                     DiagnosticList& diags) {
    auto ps = std::make_unique<ProgramSet>();
    Gen g(prog, registry, types, opts, diags, *ps);
    // Offsets of the fault record and the temporaries depend on the largest record, which is
    // known only after lowering; lower once with generous fixed offsets.
    uint32_t vars_end = abi::kScratchVars + (prog.clause_vars_size + 7) / 8 * 8;
    g.record_offset = vars_end;
    g.fault_offset = vars_end + Gen::kMaxRecord;
    g.temps_offset = g.fault_offset + 2 * Gen::kFaultRecordSpace;
    g.stack_offset = g.temps_offset + g.strsize * Gen::kStringTemps;
    // Aggregations: key layouts and the largest key and value, for the hash the keyed ones share;
    // an aggregation without keys has one entry, a slot of the per-CPU array.
    uint32_t key_size = 8, value_size = 8, array_value = 8;
    uint32_t keyed = 0, unkeyed = 0;
    for (const auto& a : prog.aggregations) {
        AggDesc d;
        d.id = a->id;
        d.name = a->name;
        d.func = a->func;
        d.base = a->base;
        d.step = a->step;
        d.levels = a->levels;
        d.llquantize = a->llquantize;
        uint32_t off = 8;
        for (const sema::Type* t : a->keys) {
            Field k;
            k.offset = off;
            k.type_name = t->name;
            if (user_key_field(t, k)) {  // ustack(), ufunc() & co.: gen_subr_ustack.cpp
                off += k.size;
            } else if (t->is_stack) {
                // stack(): the byte count bpf_get_stack returned, then the frames.
                k.kind = Field::Kind::Stack;
                k.size = static_cast<uint32_t>(8 + 8 * t->count);
                off += k.size;
            } else if (t->is_string() || t->kind == sema::TypeKind::Array) {
                k.kind = Field::Kind::String;
                k.size = g.strsize - 1;
                off += (g.strsize + 7) / 8 * 8;
            } else {
                k.kind = Field::Kind::Int;
                k.size = static_cast<uint32_t>(t->size);
                k.is_signed = t->is_signed;
                k.is_pointer = t->is_pointer();
                off += 8;
            }
            d.keys.push_back(k);
        }
        switch (a->func) {
            case sema::AggFunc::Avg: d.value_size = 16; break;
            case sema::AggFunc::Stddev: d.value_size = 32; break;  // count, sum, sum of squares (128 bits)
            case sema::AggFunc::Quantize: d.value_size = 8 * formats::kQuantizeBuckets; break;
            case sema::AggFunc::Lquantize: d.value_size = static_cast<uint32_t>(8 * (a->levels + 2)); break;
            // As many buckets as the kernel has: none past the top magnitude when it clamps.
            case sema::AggFunc::Llquantize:
                d.value_size = static_cast<uint32_t>(8 * formats::llquantize_nbuckets(a->llquantize));
                break;
            default: d.value_size = 8; break;
        }
        key_size = std::max(key_size, off);
        if (d.keys.empty()) {
            d.array_slot = static_cast<int32_t>(unkeyed++);
            array_value = std::max(array_value, d.value_size);
        } else {
            ++keyed;
            value_size = std::max(value_size, d.value_size);
        }
        ps->aggregations.push_back(std::move(d));
    }
    ps->agg_key_size = key_size;
    ps->agg_value_size = value_size;
    ps->agg_array_value_size = abi::kAggArrayData + array_value;
    // -x aggsize bounds the entries; each entry is a key and one value per CPU. Too small for
    // one entry, every update is dropped (gen_agg.cpp), as DTrace drops them.
    g.agg_entries = opts.aggsize / std::max<uint32_t>(key_size + std::max(value_size, array_value), 1);
    ps->agg_spill = keyed > 0 && g.agg_entries > 2 * abi::kAggSpillEntries;
    g.agg_key_offset = g.stack_offset + Gen::kStackBytes;
    g.agg_zero_offset = g.agg_key_offset + key_size;
    // Dynamic variables: the largest key ({id, tid, tuple}) and value of the one map they share.
    uint32_t dyn_key = 16, dyn_value = 8;
    // What -x dynvarsize counts per entry, as DTrace for Linux counts it: the largest tuple
    // (the variable and its keys; none for a scalar self-> variable) plus the largest value at
    // its declared size, so that dynvarsize=15 holds three self-> ints.
    uint64_t space_tuple = 0, space_value = 1;
    for (const sema::Variable* v : prog.dynamic_vars) {
        uint64_t tuple = v->keys.empty() ? 0 : 8;
        for (const sema::Type* t : v->keys)
            tuple += t->is_record() ? t->size : t->is_string() || t->kind == sema::TypeKind::Array ? g.strsize : 8;
        space_tuple = std::max(space_tuple, tuple);
        space_value = std::max<uint64_t>(space_value, v->type->is_string() ? g.strsize : std::max<uint64_t>(v->type->size, 1));
    }
    for (const sema::Variable* v : prog.dynamic_vars) {
        uint32_t k = 16;
        for (const sema::Type* t : v->keys)
            k += t->is_record() ? static_cast<uint32_t>((t->size + 7) / 8 * 8)
                 : t->is_string() || t->kind == sema::TypeKind::Array ? (g.strsize + 7) / 8 * 8 : 8;
        dyn_key = std::max(dyn_key, k);
        uint32_t vs = v->type->is_string() ? (g.strsize + 1 + 7) / 8 * 8
                      : v->type->is_record() ? static_cast<uint32_t>(std::max<uint64_t>((v->type->size + 7) / 8 * 8, 8)) : 8;
        dyn_value = std::max(dyn_value, vs);
    }
    g.dyn_key_offset = g.agg_zero_offset + value_size;
    g.dyn_value_offset = g.dyn_key_offset + dyn_key;
    g.dyn_zero_offset = g.dyn_value_offset + dyn_value;
    // alloca()/copyin() memory last, present only when a clause allocates (gen_subr_memory.cpp).
    g.alloca_offset = (g.dyn_zero_offset + dyn_value + 7) / 8 * 8;
    g.scratchsize = (opts.scratchsize + 7) / 8 * 8;
    if (prog.speculations && opts.nspec > Gen::kMaxSpeculations) {
        diags.error("D_UNKNOWN", {}, "nspec " + std::to_string(opts.nspec) + " is more than the " +
                                         std::to_string(Gen::kMaxSpeculations) + " speculations bdtrace supports");
        return nullptr;
    }
    try {
        g.run();
    } catch (const GenAbort&) {
        return nullptr;
    }
    if (g.record_capacity > Gen::kMaxRecord) {
        diags.error("D_UNKNOWN", {}, "a clause records more than " + std::to_string(Gen::kMaxRecord) + " bytes");
        return nullptr;
    }
    ps->scratch_size = g.dyn_zero_offset + dyn_value;
    if (g.uses_alloca) ps->scratch_size = g.alloca_offset + 8 + 2 * g.scratchsize;
    if (ps->scratch_size > kMaxScratchValue) {
        uint32_t room = g.alloca_offset + 8 < kMaxScratchValue ? (kMaxScratchValue - g.alloca_offset - 8) / 2 / 8 * 8 : 0;
        diags.error("D_UNKNOWN", {}, "scratchsize " + std::to_string(opts.scratchsize) +
                                         " is too large: at most " + std::to_string(room) +
                                         " bytes fit in the per-CPU scratch area");
        return nullptr;
    }

    std::vector<uint8_t> globals(std::max<uint32_t>(prog.globals_size, 8), 0);
    ps->maps.push_back({abi::kStateMap, MapSpec::Kind::Array, "state", 4, sizeof(abi::State), 1, false, {}});
    ps->maps.push_back({abi::kGlobalsMap, MapSpec::Kind::Array, "globals", 4,
                        static_cast<uint32_t>(globals.size()), 1, false, globals});
    const uint32_t scratch_slots = std::max<uint32_t>(1, static_cast<uint32_t>(ps->programs.size()));  // one per program
    ps->maps.push_back({abi::kScratchMap, MapSpec::Kind::PercpuArray, "scratch", 4, ps->scratch_size, scratch_slots, false, {}});
    ps->maps.push_back({abi::kRingbufMap, MapSpec::Kind::Ringbuf, "records", 0, 0, opts.bufsize, false, {}});
    std::vector<uint8_t> strings = g.string_bytes();
    if (strings.empty()) strings.resize(g.strsize, 0);
    ps->maps.push_back({abi::kStringsMap, MapSpec::Kind::Array, "strings", 4,
                        static_cast<uint32_t>(strings.size()), 1, true, strings});
    // Keyed aggregations: what -x aggsize makes room for. Preallocating the default 4m took
    // the kernel 0.3-0.8 s of memory accounting at every start, so a hash larger than the spill
    // hash's kAggSpillEntries is allocated as keys appear, and a burst of new keys that finds
    // the kernel's caches empty goes to the preallocated spill (gen_agg.cpp); the two share the
    // bound. A smaller one is preallocated whole, with no spill.
    uint32_t agg_entries = keyed ? std::max<uint32_t>(g.agg_entries, 1) : 1;
    MapSpec aggs{abi::kAggMap, MapSpec::Kind::PercpuHash, "aggs", ps->agg_key_size, ps->agg_value_size,
                 ps->agg_spill ? agg_entries - abi::kAggSpillEntries : agg_entries, false, {}};
    aggs.no_prealloc = ps->agg_spill;
    ps->maps.push_back(std::move(aggs));
    // -x dynvarsize bounds the dynamic variables' entries (preallocated, as the aggregations').
    uint32_t dyn_entries = prog.dynamic_vars.empty() ? 1 : static_cast<uint32_t>(opts.dynvarsize / (space_tuple + space_value));
    ps->maps.push_back({abi::kDynVarMap, MapSpec::Kind::Hash, "dynvars", dyn_key, dyn_value,
                        std::max<uint32_t>(dyn_entries, 1), false, {}});
    // Speculations: one slot per id (index 0 unused) and each CPU's use of it; index 0 of the
    // second holds each CPU's failure and drop counts. One entry each when unused.
    ps->speculations = prog.speculations;
    ps->nspec = prog.speculations ? opts.nspec : 0;
    ps->only_cpu = opts.only_cpu;
    uint32_t spec_entries = prog.speculations ? opts.nspec + 1 : 1;
    ps->maps.push_back({abi::kSpecMap, MapSpec::Kind::Array, "specs", 4, abi::kSpecSlotSize, spec_entries, false, {}});
    ps->maps.push_back({abi::kSpecUseMap, MapSpec::Kind::PercpuArray, "spec_use", 4, abi::kSpecUseSize, spec_entries,
                        false, {}});
    // The pid provider: its probe table, and the library watch's reports (one page).
    uint32_t slots = std::max<uint32_t>(static_cast<uint32_t>(ps->uprobe_clauses.size()), 1);
    uint32_t rows = ps->uprobe_clauses.empty() ? 1 : abi::kProbeTableEntries;
    ps->maps.push_back({abi::kProbeTableMap, MapSpec::Kind::Array, "probe_table", 4, 4 * slots, rows, false, {}});
    ps->maps.push_back({abi::kNoticeMap, MapSpec::Kind::Ringbuf, "notices", 0, 0, 4096, false, {}});
    ps->probe_names = g.uprobe_probe_names;
    MapSpec names{abi::kProbeNamesMap, MapSpec::Kind::Hash, "probe_names", 4, 4 * g.strsize,
                  ps->probe_names ? abi::kProbeTableEntries : 1, false, {}};
    names.no_prealloc = true;
    ps->maps.push_back(std::move(names));
    bool usdt = std::any_of(ps->programs.begin(), ps->programs.end(),
                            [](const GenProgram& gp) { return gp.kind == AttachKind::Usdt; });
    ps->maps.push_back({abi::kUsdtSiteMap, MapSpec::Kind::Array, "usdt_sites", 4, sizeof(abi::UsdtSiteSpec),
                        usdt ? abi::kUsdtSiteEntries : 1, false, {}});
    uint32_t sys_slots = 1 + static_cast<uint32_t>(ps->syscall_clauses.size());
    uint32_t sys_rows = ps->syscall_clauses.empty() ? 1 : 2 * probes::kMaxSyscallNr;
    ps->maps.push_back({abi::kSyscallTableMap, MapSpec::Kind::Array, "syscalls", 4, 4 * sys_slots, sys_rows, false, {}});
    uint32_t sdt_slots = abi::kSdtRowEpids + static_cast<uint32_t>(ps->sdt_clauses.size());
    uint32_t sdt_rows = ps->sdt_clauses.empty() ? 1 : abi::kProbeTableEntries;
    ps->maps.push_back({abi::kSdtTableMap, MapSpec::Kind::Array, "sdt", 4, 4 * sdt_slots, sdt_rows, false, {}});
    // The library watch serves the descriptions of one process (pid<N>, provider<N>).
    // ustack() keys unwound in BPF: the processes' mappings, every file's rows, the requests.
    ps->unwind_keys = g.unwind_keys;
    const bool uw = g.unwind_keys;
    MapSpec uw_pids{abi::kUnwindPidMap, MapSpec::Kind::Hash, "unwind_pids", 4, sizeof(abi::UnwindProcess),
                    uw ? abi::kUnwindProcesses : 1, false, {}};
    uw_pids.no_prealloc = true;
    ps->maps.push_back(std::move(uw_pids));
    MapSpec uw_rows{abi::kUnwindRowsMap, MapSpec::Kind::Array, "unwind_rows", 4, sizeof(abi::UnwindRow),
                    uw ? abi::kUnwindRows : 1, false, {}};
    uw_rows.mmapable = true;
    ps->maps.push_back(std::move(uw_rows));
    ps->maps.push_back({abi::kUnwindPendingMap, MapSpec::Kind::Hash, "unwind_wait", 4, 8,
                        uw ? abi::kUnwindProcesses : 1, false, {}});
    ps->maps.push_back({abi::kUnwindNoticeMap, MapSpec::Kind::Ringbuf, "unwind_notes", 0, 0, 16384, false, {}});
    if (uw) ps->unwind_exec_program = unwind_exec_program();
    // The library watch serves every process a uprobe clause names: a pid's, or the -c/-p
    // processes a provider glob covers (system-wide pid descriptions need none).
    bool dynamic = std::any_of(ps->uprobe_clauses.begin(), ps->uprobe_clauses.end(), [](const UprobeClause& uc) {
        return std::any_of(uc.descriptions.begin(), uc.descriptions.end(),
                           [](const probes::Description& d) { return !probes::pid_system_wide(d); });
    });
    if (dynamic) ps->notice_program = notice_program();
    ps->maps.push_back({abi::kVtimeMap, MapSpec::Kind::PercpuArray, "vtime", 4, abi::kVtimeSize, 1, false, {}});
    if (g.uses_vtime) ps->vtime_program = vtime_program(types);
    ps->kernel_machinery = g.uses_machinery;
    ps->maps.push_back({abi::kMachineryMap, MapSpec::Kind::Hash, "machinery", 8, 4,
                        g.uses_machinery ? abi::kMachineryEntries : 1, false, {}});
    // Aggregations without keys: one slot each of a per-CPU array, whose lookup the verifier
    // inlines (no hashing, nothing to allocate).
    ps->maps.push_back({abi::kAggArrayMap, MapSpec::Kind::PercpuArray, "agg_array", 4, ps->agg_array_value_size,
                        std::max<uint32_t>(unkeyed, 1), false, {}});
    ps->maps.push_back({abi::kAggSpillMap, MapSpec::Kind::PercpuHash, "agg_spill", ps->agg_key_size,
                        ps->agg_value_size, ps->agg_spill ? abi::kAggSpillEntries : 1, false, {}});
    return ps;
}

}  // namespace bdtrace::codegen
