// Speculations (see sema/check_speculation.cpp and the SpecSlot notes in codegen/abi.h).
//
// The BPF side keeps DTrace's state machine for each id: speculation() claims a free slot,
// speculate() checks that the id is active and that this CPU's share of it has room (specsize,
// counted in DTrace's record sizes) and tags the clause's record with the id and generation;
// commit() and discard() end the id and put their own tag in the record. The consumer holds the
// tagged records and prints or drops them when it reaches the commit() or discard() record.
// As in DTrace, a speculate() that cannot record (id 0, an id that is not active, a full
// buffer) abandons the rest of the clause silently.
#include <algorithm>
#include <functional>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_subr_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::AtomicOp;
using bpf::Cond;
using bpf::VReg;
using sema::ActionKind;

namespace {

// The bytes DTrace's record of a clause takes in a speculative buffer (dtrace_ecb_resize):
// a 12-byte header, then each datum at the alignment its size implies; 0 when nothing but
// speculate() would be recorded alongside other actions.
struct DtraceRecord {
    uint64_t size = 0;
    uint64_t align = 4;
};

uint64_t natural_align(uint64_t size) {
    for (uint64_t a = 8; a > 1; a >>= 1)
        if (size % a == 0) return a;
    return 1;
}

uint64_t datum_size(const sema::Type* t, uint64_t strsize) {
    if (t->is_string()) return strsize;
    if (t->is_ustack) return 8 * (t->count + 1);  // DTrace's: the pid, then the PCs
    if (t->is_stack) return 8 * t->count;
    return t->size;
}

void walk(const std::vector<sema::StmtPtr>& body, const std::function<void(const sema::Stmt&)>& fn) {
    for (const auto& s : body) {
        fn(*s);
        if (s->kind == sema::Stmt::Kind::If) {
            walk(s->then_body, fn);
            walk(s->else_body, fn);
        }
    }
}

bool records_data(ActionKind k) {
    switch (k) {
        case ActionKind::Speculate:
        case ActionKind::Commit:
        case ActionKind::Discard:
        case ActionKind::Raise:
        case ActionKind::Stop:
        case ActionKind::Chill:
        case ActionKind::Copyout:
        case ActionKind::Copyoutstr: return false;
        default: return true;
    }
}

// The data sizes of one action's records, as libdtrace lays them out.
std::vector<uint64_t> action_sizes(const sema::Action& a, uint64_t strsize) {
    std::vector<uint64_t> out;
    switch (a.kind) {
        case ActionKind::Printf:
        case ActionKind::System:
        case ActionKind::Freopen:
            if (a.args.empty()) out.push_back(8);
            for (const auto& arg : a.args) out.push_back(datum_size(arg->type, strsize));
            break;
        case ActionKind::Exit: out.push_back(4); break;
        case ActionKind::Tracemem: out.push_back(a.size); if (a.args.size() > 2) out.push_back(8); break;
        case ActionKind::Printm: out.push_back(a.size + 8); break;
        case ActionKind::Printa:
        case ActionKind::Clear:
        case ActionKind::Denormalize:
            for (size_t i = 0; i < std::max<size_t>(a.aggs.size(), 1); ++i) out.push_back(8);
            break;
        case ActionKind::Trunc:
        case ActionKind::Normalize: out.push_back(8); out.push_back(8); break;
        default:
            for (const auto& arg : a.args) out.push_back(datum_size(arg->type, strsize));
            break;
    }
    return out;
}

DtraceRecord dtrace_record(const sema::Clause& c, uint64_t strsize) {
    DtraceRecord r;
    uint64_t size = 12;
    bool data = false;
    walk(c.body, [&](const sema::Stmt& s) {
        if (s.kind != sema::Stmt::Kind::Action || !records_data(s.action->kind)) return;
        for (uint64_t n : action_sizes(*s.action, strsize)) {
            if (n == 0) continue;
            uint64_t a = natural_align(n);
            r.align = std::max(r.align, a);
            size = (size + a - 1) / a * a + n;
            data = true;
        }
    });
    bool only_speculate = c.body.size() == 1 && c.body[0]->kind == sema::Stmt::Kind::Action &&
                          c.body[0]->action->kind == ActionKind::Speculate;
    r.size = data || only_speculate ? (size + 3) / 4 * 4 : 0;
    return r;
}

// A pointer to this CPU's (kSpecUseMap) or the shared (kSpecMap) entry of `id`; jumps to
// `missing` when the map has no such entry.
VReg spec_entry(bpf::Function& f, bpf::MapRef map, bpf::Operand id, bpf::Label missing) {
    bpf::StackSlot key = f.alloc_stack(8);
    f.store(4, key, 0, id);
    VReg keyp = f.vreg();
    f.addr_of(keyp, key);
    VReg m = f.vreg();
    f.load_map_fd(m, map);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {m, keyp});
    f.branch(Cond::Eq, p, 0, missing);
    return p;
}

}  // namespace

// speculation(): the first free id, claimed with an atomic OR; 0 and a count of the failure
// ("busy" when some id was being committed or discarded) when none is free.
VReg ClauseGen::speculation_value() {
    uint32_t nspec = g.opts.nspec;
    VReg result = f.vreg(), i = f.vreg(), busy = f.vreg();
    bpf::Label loop = f.new_label(), next = f.new_label(), none = f.new_label(), done = f.new_label();
    f.mov(result, static_cast<int64_t>(0));
    f.mov(busy, static_cast<int64_t>(0));
    f.mov(i, static_cast<int64_t>(1));
    f.bind(loop);
    f.branch(Cond::Gt, i, static_cast<int64_t>(nspec), none);
    VReg slot = spec_entry(f, abi::kSpecMap, i, next);
    VReg w = f.vreg();
    f.load(8, w, slot, abi::kSpecSlotWord);
    f.branch(Cond::Set, w, static_cast<int64_t>(abi::kSpecAllocated), next);
    VReg old = f.vreg();
    f.mov(old, static_cast<int64_t>(abi::kSpecAllocated));
    f.atomic(AtomicOp::FetchOr, 8, slot, abi::kSpecSlotWord, old);
    f.branch(Cond::Set, old, static_cast<int64_t>(abi::kSpecAllocated), next);
    f.mov(result, i);
    f.jump(done);
    f.bind(next);
    f.alu64(AluOp::Add, i, 1);
    f.jump(loop);

    f.bind(none);
    // Which failure: an id being committed or discarded makes it "busy" rather than
    // "unavailable", as in DTrace.
    {
        VReg j = f.vreg();
        bpf::Label scan = f.new_label(), counted = f.new_label(), step = f.new_label(),
                   is_busy = f.new_label();
        f.mov(j, static_cast<int64_t>(1));
        f.bind(scan);
        f.branch(Cond::Gt, j, static_cast<int64_t>(nspec), counted);
        VReg s2 = spec_entry(f, abi::kSpecMap, j, step);
        VReg w2 = f.vreg();
        f.load(8, w2, s2, abi::kSpecSlotWord);
        f.branch(Cond::Set, w2, static_cast<int64_t>(abi::kSpecEnding), is_busy);
        f.bind(step);
        f.alu64(AluOp::Add, j, 1);
        f.jump(scan);
        f.bind(is_busy);
        f.mov(busy, static_cast<int64_t>(1));
        f.bind(counted);
    }
    bpf::Label no_counters = f.new_label();
    VReg counters = spec_entry(f, abi::kSpecUseMap, 0, no_counters);
    VReg one = f.vreg();
    f.mov(one, static_cast<int64_t>(1));
    bpf::Label unavailable = f.new_label();
    f.branch(Cond::Eq, busy, 0, unavailable);
    f.xadd(8, counters, abi::kSpecCountBusy, one);
    f.jump(no_counters);
    f.bind(unavailable);
    f.xadd(8, counters, abi::kSpecCountUnavailable, one);
    f.bind(no_counters);
    f.bind(done);
    return result;
}

void ClauseGen::speculation_action(const sema::Action& a, ActionRecord& rec) {
    if (a.index >= 64) g.error("D_UNKNOWN", a.range, "too many actions in one clause (at most 64)");
    uint32_t nspec = g.opts.nspec;
    VReg v = value(*a.args[0]);
    VReg id = f.vreg();
    f.mov32(id, v);  // DTrace's speculation ids are 32-bit

    // The record field: id | generation << 32, and the action's bit in the header.
    auto tag = [&](VReg word) {
        Field fld;
        fld.kind = Field::Kind::Int;
        fld.size = 8;
        fld.offset = record_size;
        fld.type_name = "int";
        VReg t = f.vreg();
        f.mov(t, word);
        f.alu64(AluOp::Rsh, t, 32);
        f.alu64(AluOp::Lsh, t, 32);
        f.alu64(AluOp::Or, t, id);
        f.store(8, record, static_cast<int16_t>(fld.offset), t);
        record_size += 8;
        rec.fields.push_back(fld);
        mark_action(a.index);
        actions.push_back(rec);
    };
    VReg cpu_bit = [&] {
        VReg cpu = f.call_helper(bpf::helper::get_smp_processor_id, {});
        f.alu64(AluOp::And, cpu, 63);
        VReg b = f.vreg();
        f.mov(b, static_cast<int64_t>(1));
        f.alu64(AluOp::Lsh, b, cpu);
        return b;
    }();

    if (a.kind == ActionKind::Speculate) {
        // Nothing more of the clause runs when it cannot speculate (DTrace's CPU_DTRACE_DROP).
        bpf::Label abandon = f.new_label(), ok = f.new_label();
        f.branch(Cond::Eq, id, 0, abandon);
        f.branch(Cond::Gt, id, static_cast<int64_t>(nspec), abandon);
        VReg slot = spec_entry(f, abi::kSpecMap, id, abandon);
        VReg w = f.vreg();
        f.load(8, w, slot, abi::kSpecSlotWord);
        VReg st = f.vreg();
        f.mov(st, w);
        f.alu64(AluOp::And, st, static_cast<int64_t>(abi::kSpecAllocated | abi::kSpecEnding));
        f.branch(Cond::Ne, st, static_cast<int64_t>(abi::kSpecAllocated), abandon);
        // Room in this CPU's share: DTrace reserves the record at the alignment of the clause.
        DtraceRecord need = dtrace_record(clause, g.strsize - 1);
        uint64_t capacity = g.opts.specsize & ~uint64_t{7};
        VReg use = spec_entry(f, abi::kSpecUseMap, id, abandon);
        VReg used = f.vreg();
        f.load(8, used, use, abi::kSpecUseUsed);
        f.alu64(AluOp::Add, used, static_cast<int64_t>(need.align - 1));
        f.alu64(AluOp::And, used, -static_cast<int64_t>(need.align));
        f.alu64(AluOp::Add, used, static_cast<int64_t>(need.size));
        bpf::Label fits = f.new_label();
        f.branch(Cond::Le, used, static_cast<int64_t>(capacity), fits);
        VReg one = f.vreg();
        f.mov(one, static_cast<int64_t>(1));
        f.xadd(8, use, abi::kSpecUseDrops, one);
        f.jump(abandon);
        f.bind(fits);
        f.store(8, use, abi::kSpecUseUsed, used);
        VReg cpus = f.vreg();
        f.load(8, cpus, slot, abi::kSpecSlotCpus);
        bpf::Label known = f.new_label();
        f.branch(Cond::Set, cpus, cpu_bit, known);
        VReg b = f.vreg();
        f.mov(b, cpu_bit);
        f.atomic(AtomicOp::Or, 8, slot, abi::kSpecSlotCpus, b);
        f.bind(known);
        // A clause that records nothing but speculate() among other actions has no record
        // (dtrace_ecb_resize); speculate() alone records an empty one.
        if (need.size) tag(w);
        f.jump(ok);
        f.bind(abandon);
        f.ret(0);
        f.bind(ok);
        return;
    }

    // commit() and discard(): only the firing whose atomic OR sets kSpecEnding ends the id.
    bool commit = a.kind == ActionKind::Commit;
    bpf::Label done = f.new_label(), in_range = f.new_label();
    f.branch(Cond::Eq, id, 0, done);
    f.branch(Cond::Le, id, static_cast<int64_t>(nspec), in_range);
    {
        // An id beyond nspec is an illegal operation, reported without a DIF offset.
        can_fault = true;
        VReg fr = f.vreg();
        f.mov(fr, scratch);
        f.alu64(AluOp::Add, fr, static_cast<int64_t>(fault_record_offset()));
        f.store(4, fr, 16, epid);
        f.store(4, fr, 20, static_cast<int64_t>(current_action));
        f.store(4, fr, 24, static_cast<int64_t>(abi::kFaultIllop));
        f.store(4, fr, 28, static_cast<int64_t>(abi::kFaultNoOffset));
        f.store(8, fr, 32, static_cast<int64_t>(0));
        f.jump(fault_exit);
    }
    f.bind(in_range);
    VReg slot = spec_entry(f, abi::kSpecMap, id, done);
    VReg w = f.vreg();
    f.load(8, w, slot, abi::kSpecSlotWord);
    VReg st = f.vreg();
    f.mov(st, w);
    f.alu64(AluOp::And, st, static_cast<int64_t>(abi::kSpecAllocated | abi::kSpecEnding));
    f.branch(Cond::Ne, st, static_cast<int64_t>(abi::kSpecAllocated), done);
    VReg old = f.vreg();
    f.mov(old, static_cast<int64_t>(abi::kSpecEnding));
    f.atomic(AtomicOp::FetchOr, 8, slot, abi::kSpecSlotWord, old);
    f.branch(Cond::Set, old, static_cast<int64_t>(abi::kSpecEnding), done);  // another firing won
    bpf::Label won = f.new_label();
    f.branch(Cond::Set, old, static_cast<int64_t>(abi::kSpecAllocated), won);
    {
        // The id was freed between the two reads: take the bit back.
        VReg undo = f.vreg();
        f.mov(undo, ~static_cast<int64_t>(abi::kSpecEnding));
        f.atomic(AtomicOp::And, 8, slot, abi::kSpecSlotWord, undo);
        f.jump(done);
    }
    f.bind(won);
    if (commit) {
        VReg c = f.vreg();
        f.mov(c, static_cast<int64_t>(abi::kSpecCommitted));
        f.atomic(AtomicOp::Or, 8, slot, abi::kSpecSlotWord, c);
    }
    tag(old);
    // This CPU's share is done: its drops count if committed, and its bytes are free again.
    bpf::Label shares = f.new_label();
    VReg use = spec_entry(f, abi::kSpecUseMap, id, shares);
    if (commit) {
        bpf::Label no_counters = f.new_label();
        VReg drops = f.vreg();
        f.load(8, drops, use, abi::kSpecUseDrops);
        VReg counters = spec_entry(f, abi::kSpecUseMap, 0, no_counters);
        f.xadd(8, counters, abi::kSpecCountDrops, drops);
        f.bind(no_counters);
    }
    f.store(8, use, abi::kSpecUseUsed, static_cast<int64_t>(0));
    f.store(8, use, abi::kSpecUseDrops, static_cast<int64_t>(0));
    f.bind(shares);
    // Free the id now when no other CPU holds data of it (DTrace: the speculation was ACTIVE,
    // or ACTIVEONE on this CPU); otherwise the consumer frees it at the clean rate.
    bpf::Label leave = f.new_label();
    VReg cpus = f.vreg();
    f.load(8, cpus, slot, abi::kSpecSlotCpus);
    if (commit) {
        VReg others = f.vreg(), mine = f.vreg();
        f.mov(mine, cpu_bit);
        f.alu64(AluOp::Xor, mine, -1);
        f.mov(others, cpus);
        f.alu64(AluOp::And, others, mine);
        f.branch(Cond::Ne, others, 0, leave);
    } else {
        f.branch(Cond::Ne, cpus, cpu_bit, leave);
    }
    f.store(8, slot, abi::kSpecSlotCpus, static_cast<int64_t>(0));
    VReg next = f.vreg();
    f.mov(next, old);
    f.alu64(AluOp::Rsh, next, 32);
    f.alu64(AluOp::Add, next, 1);
    f.alu64(AluOp::Lsh, next, 32);
    f.store(8, slot, abi::kSpecSlotWord, next);
    f.jump(done);
    // Left for the cleaner: count it, so that the consumer looks at the ids only when some are.
    f.bind(leave);
    VReg left = spec_entry(f, abi::kSpecMap, 0, done);
    VReg one = f.vreg();
    f.mov(one, static_cast<int64_t>(1));
    f.xadd(8, left, abi::kSpecSlotWord, one);
    f.bind(done);
}

// The group's entry in the subroutine table (gen_subr_table.h).
std::vector<SubrEntry> speculation_subr_entries() {
    auto lower = [](ClauseGen& c, const sema::Node&) { return c.speculation_value(); };
    return {{sema::Subr::Speculation, lower}};
}

}  // namespace bdtrace::codegen
