// Program shape: one BPF program per attach kind (programs.cpp). Its entry function checks the
// activity state, sets up the per-CPU scratch area and hands over to the kind's builder
// (program_builders.h), which sets the probe id and arguments and calls, for the probe that fired,
// each enabled clause in program order. Each clause is a BPF-to-BPF function fn(ctx, scratch,
// epid) that builds one record and submits it (ClauseGen::run, here); generate() below lays out
// the scratch area and the maps.

#include <algorithm>
#include <map>
#include <set>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/map_table.h"
#include "codegen/ring_size.h"
#include "formats/agg_buckets.h"
#include "probes/syscall_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using probes::AttachKind;

Gen::Gen(const sema::TypedProgram& p, sema::TypeTable& t, const CodegenOptions& o,
         DiagnosticList& d, ProgramSet& ps)
    : prog(p), types(t), opts(o), diags(d), out(ps), strsize(o.strsize + 1) {}

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
    if (clause.predicate && !predicate_decided) {
        bpf::Label skip = f.new_label(), go = f.new_label();
        branch_if_false(*clause.predicate, skip);
        f.jump(go);
        f.bind(skip);
        f.ret(0);
        f.bind(go);
    }
    // The record header, once the predicate let the clause run.
    f.mov(record, scratch);
    f.alu64(AluOp::Add, record, static_cast<int64_t>(g.layout.record));
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

std::unique_ptr<ProgramSet> generate(const sema::TypedProgram& prog, sema::TypeTable& types,
                                     const CodegenOptions& opts, DiagnosticList& diags) {
    auto ps = std::make_unique<ProgramSet>();
    Gen g(prog, types, opts, diags, *ps);
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
    // The scratch value's areas, at offsets that do not depend on the lowering (the record
    // buffer has room for the largest record bdtrace allows, checked after lowering).
    ScratchNeeds needs;
    needs.vars_size = prog.clause_vars_size;
    needs.strsize = g.strsize;
    needs.agg_key_size = key_size;
    needs.agg_value_size = value_size;
    needs.dyn_key_size = dyn_key;
    needs.dyn_value_size = dyn_value;
    needs.scratchsize = opts.scratchsize;
    g.layout = scratch_layout(needs);
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
    if (g.record_capacity > ScratchLayout::kMaxRecord) {
        diags.error("D_UNKNOWN", {}, "a clause records more than " + std::to_string(ScratchLayout::kMaxRecord) + " bytes");
        return nullptr;
    }
    ps->scratch = g.layout;
    if (ps->scratch.size() > kMaxScratchValue) {
        uint32_t room = ps->scratch.max_scratchsize();
        diags.error("D_UNKNOWN", {}, "scratchsize " + std::to_string(opts.scratchsize) +
                                         " is too large: at most " + std::to_string(room) +
                                         " bytes fit in the per-CPU scratch area");
        return nullptr;
    }

    ps->speculations = prog.speculations;
    ps->nspec = prog.speculations ? opts.nspec : 0;
    ps->only_cpu = opts.only_cpu;
    ps->probe_names = g.uprobe_probe_names;
    // ustack() keys unwound in BPF (the kUnwind* maps): a process's tables go when it execs.
    ps->unwind_keys = g.unwind_keys;
    if (g.unwind_keys) ps->unwind_exec_program = unwind_exec_program();
    // The library watch serves every process a uprobe clause names: a pid's, or the -c/-p
    // processes a provider glob covers (system-wide pid descriptions need none).
    bool dynamic = std::any_of(ps->uprobe_clauses.begin(), ps->uprobe_clauses.end(), [](const UprobeClause& uc) {
        return std::any_of(uc.descriptions.begin(), uc.descriptions.end(),
                           [](const probes::Description& d) { return !probes::pid_system_wide(d); });
    });
    if (dynamic) ps->notice_program = notice_program();
    if (g.uses_vtime) ps->vtime_program = vtime_program(types);
    ps->kernel_machinery = g.uses_machinery;

    // The maps (map_table.cpp), from what the programs turned out to need.
    MapNeeds mn;
    mn.globals.assign(std::max<uint32_t>(prog.globals_size, 8), 0);
    mn.scratch_size = ps->scratch.size();
    mn.programs = static_cast<uint32_t>(ps->programs.size());
    // The records ring: bufsize per CPU, or what a program of bounded firings can write.
    mn.bufsize = records_ring_size(records_bound(*ps), opts.bufsize);
    mn.strings = g.string_bytes();
    if (mn.strings.empty()) mn.strings.resize(g.strsize, 0);
    mn.strsize = g.strsize;
    mn.agg_key_size = ps->agg_key_size;
    mn.agg_value_size = ps->agg_value_size;
    mn.agg_entries = keyed ? g.agg_entries : 0;
    mn.agg_spill = ps->agg_spill;
    mn.agg_array_value_size = ps->agg_array_value_size;
    mn.agg_array_slots = unkeyed;
    mn.dyn_key_size = dyn_key;
    mn.dyn_value_size = dyn_value;
    // -x dynvarsize over what it counts per entry.
    mn.dyn_entries = prog.dynamic_vars.empty() ? 0 : static_cast<uint32_t>(opts.dynvarsize / (space_tuple + space_value));
    mn.nspec = ps->nspec;
    mn.uprobe_slots = static_cast<uint32_t>(ps->uprobe_clauses.size());
    mn.probe_names = ps->probe_names;
    if (ps->uprobe_clauses.empty()) {
        std::set<uint32_t> ids;
        for (const auto& e : ps->epids) ids.insert(e.probe_id);
        mn.probe_name_entries = static_cast<uint32_t>(std::max<size_t>(ids.size(), 1));
    }
    mn.usdt = std::any_of(ps->programs.begin(), ps->programs.end(),
                          [](const GenProgram& gp) { return gp.kind == AttachKind::Usdt; });
    mn.syscall_slots = static_cast<uint32_t>(ps->syscall_clauses.size());
    mn.sdt_slots = static_cast<uint32_t>(ps->sdt_clauses.size());
    mn.unwind_keys = g.unwind_keys;
    mn.machinery = g.uses_machinery;
    ps->maps = map_table(mn);
    return ps;
}

}  // namespace bdtrace::codegen
