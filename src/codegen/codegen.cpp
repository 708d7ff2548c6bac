// Program shape: one BPF program per attach kind (programs.cpp). Its entry function checks the
// activity state, sets up the per-CPU scratch area and hands over to the kind's builder
// (program_builders.h), which sets the probe id and arguments and calls, for the probe that fired,
// each enabled clause in program order. Each clause is a BPF-to-BPF function fn(ctx, scratch,
// epid) that builds one record and submits it (ClauseGen::run, here); generate() below lays out
// the scratch area and the maps.

#include <algorithm>
#include <map>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "output/agg_buckets.h"
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
            case sema::AggFunc::Quantize: d.value_size = 8 * output::kQuantizeBuckets; break;
            case sema::AggFunc::Lquantize: d.value_size = static_cast<uint32_t>(8 * (a->levels + 2)); break;
            // As many buckets as the kernel has: none past the top magnitude when it clamps.
            case sema::AggFunc::Llquantize:
                d.value_size = static_cast<uint32_t>(8 * output::llquantize_nbuckets(a->llquantize));
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
