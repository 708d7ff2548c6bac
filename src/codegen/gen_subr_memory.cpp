// Memory subroutines (see sema/check_subr_memory.cpp), with DTrace's run-time semantics
// (dtrace.c, dtrace_dif_subr):
//   alloca(n)             n bytes of scratch memory, 8-byte aligned, valid for the clause
//   copyin(addr, n)       n bytes of user memory copied into fresh scratch memory
//   copyinstr(addr[, n])  a user string of at most n (and at most strsize - 1) characters
//   copyinto(addr, n, p)  n bytes of user memory copied to p, which must be allocated scratch
//   bcopy(src, p, n)      n bytes of kernel memory copied to p, likewise
//   rand()                a pseudo-random int
//   progenyof(pid)        1 when the current process is pid or one of its descendants
// Scratch memory is a region of the per-CPU scratch value (layout.alloca_area): 8 bytes counting
// what the clause has allocated, then the memory. D sees its addresses as plain numbers, read
// back with the kernel read path like any kernel pointer.
#include <algorithm>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_subr_table.h"

namespace bdtrace::codegen {

bpf::VReg d_path(ClauseGen& c, const sema::Node& n);  // gen_subr_dpath.cpp

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;
using sema::Subr;

namespace {

bool allocates(Subr s) { return s == Subr::Alloca || s == Subr::Copyin || s == Subr::Copyinto || s == Subr::Bcopy; }

// A store through a pointer (gen_store.cpp) checks the clause's allocations, which must then
// start empty as well.
bool stores_through_pointer(const sema::Node& n) {
    if (n.kind != NodeKind::Store && !(n.kind == NodeKind::IncDec && !n.var)) return false;
    return !(n.a->a && n.a->a->kind == NodeKind::VarAddr);
}

bool uses_scratch(const sema::Node* n) {
    if (!n) return false;
    if (n->kind == NodeKind::Subr && allocates(n->subr)) return true;
    if (stores_through_pointer(*n)) return true;
    if (uses_scratch(n->a.get()) || uses_scratch(n->b.get()) || uses_scratch(n->c.get())) return true;
    for (const auto& a : n->args)
        if (uses_scratch(a.get())) return true;
    return false;
}

bool uses_scratch(const std::vector<sema::StmtPtr>& body) {
    for (const auto& s : body) {
        if (uses_scratch(s->expr.get())) return true;
        if (s->action)
            for (const auto& a : s->action->args)
                if (uses_scratch(a.get())) return true;
        if (s->agg) {
            for (const auto& k : s->agg->keys)
                if (uses_scratch(k.get())) return true;
            if (uses_scratch(s->agg->value.get()) || uses_scratch(s->agg->increment.get())) return true;
        }
        if (uses_scratch(s->then_body) || uses_scratch(s->else_body)) return true;
    }
    return false;
}

// Code for one call; `c` is the clause being lowered.
struct MemoryGen {
    ClauseGen& c;
    bpf::Function& f;
    uint32_t limit;  // scratchsize, a multiple of 8

    explicit MemoryGen(ClauseGen& cg) : c(cg), f(cg.f), limit(cg.g.layout.scratchsize) { cg.g.layout.alloca = true; }

    // A pointer into the region: its counter at 0, its memory from 8.
    VReg region(int64_t at) {
        VReg r = f.vreg();
        f.mov(r, c.scratch);
        f.alu64(AluOp::Add, r, static_cast<int64_t>(c.g.layout.alloca_area) + at);
        return r;
    }
    VReg header() { return region(0); }

    // A pointer to scratch memory at `off`, which the caller has checked is at most `limit`.
    VReg memory_at(VReg off) {
        VReg r = region(8);
        f.alu64(AluOp::Add, r, off);
        return r;
    }

    // A value as a number: a map value pointer stored to memory and loaded back is a plain
    // scalar to the verifier (tracing programs may leak pointers), so D can compare it, do
    // arithmetic on it and keep it in variables.
    VReg as_number(VReg v) {
        VReg tmp = f.vreg();
        f.mov(tmp, c.scratch);
        f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
        f.store(8, tmp, 0, v);
        VReg r = f.vreg();
        f.load(8, r, tmp, 0);
        return r;
    }

    // The address of scratch memory's first byte, as a number.
    VReg base_address() { return as_number(region(8)); }

    // A `void *` argument: a pointer's value, an array's or a string's address.
    VReg address_arg(const sema::Node& n) {
        if (n.kind == NodeKind::Load && n.type->kind == sema::TypeKind::Array) return as_number(c.address_of(n));
        if (n.type->is_string()) return as_number(c.string(n));
        return as_number(c.value(n));
    }

    // Allocates `size` bytes at the next 8-byte boundary (DTrace's P2ROUNDUP) and returns their
    // offset; not enough room left is DTrace's "out of scratch space". On return both the offset
    // and the size are known to the verifier to be at most `limit`.
    VReg allocate(VReg size) {
        VReg hdr = header();
        VReg off = f.vreg();
        f.load(8, off, hdr, 0);
        f.alu64(AluOp::Add, off, 7);
        f.alu64(AluOp::And, off, static_cast<int64_t>(-8));
        bpf::Label full = f.new_label(), ok = f.new_label();
        f.branch(Cond::Gt, off, static_cast<int64_t>(limit), full);
        f.branch(Cond::Gt, size, static_cast<int64_t>(limit), full);
        VReg end = f.vreg();
        f.alu64(AluOp::Add, end, off, size);
        f.branch(Cond::Le, end, static_cast<int64_t>(limit), ok);
        f.bind(full);
        c.fault(abi::kFaultNoScratch, VReg{});
        f.bind(ok);
        f.store(8, hdr, 0, end);
        return off;
    }

    // DTrace's dtrace_inscratch(): [dest, dest + size) must lie in memory this clause allocated,
    // or the access faults at dest. Returns dest's offset in scratch memory, which (like size)
    // the verifier then knows to be at most `limit`.
    VReg check_allocated(VReg dest, VReg size) {
        VReg off = f.vreg();
        f.mov(off, dest);
        VReg base = base_address();
        f.alu64(AluOp::Sub, off, base);
        VReg used = f.vreg();
        VReg hdr = header();
        f.load(8, used, hdr, 0);
        bpf::Label bad = f.new_label(), ok = f.new_label();
        f.branch(Cond::Gt, off, static_cast<int64_t>(limit), bad);  // also below the region
        f.branch(Cond::Gt, size, static_cast<int64_t>(limit), bad);
        VReg end = f.vreg();
        f.alu64(AluOp::Add, end, off, size);
        f.branch(Cond::Le, end, used, ok);
        f.bind(bad);
        c.fault(abi::kFaultBadAddr, dest);
        f.bind(ok);
        return off;
    }

    // Copies `size` bytes from src with `helper` (user or kernel read) to scratch memory at
    // `off`; a failed read faults at src.
    void copy(int32_t helper, VReg off, VReg size, VReg src) {
        VReg dst = memory_at(off);
        VReg rc = c.f.call_helper(helper, {dst, size, src});
        bpf::Label ok = f.new_label();
        f.branch(Cond::Eq, rc, 0, ok);
        c.fault(abi::kFaultBadAddr, src);
        f.bind(ok);
    }

    VReg alloca_(const sema::Node& n) {
        VReg size = c.value(*n.args[0]);
        VReg off = allocate(size);
        VReg r = base_address();
        f.alu64(AluOp::Add, r, off);
        return r;
    }

    VReg copyin(const sema::Node& n) {
        VReg addr = c.value(*n.args[0]);
        VReg size = c.value(*n.args[1]);
        VReg off = allocate(size);
        copy(bpf::helper::probe_read_user, off, size, addr);
        VReg r = base_address();
        f.alu64(AluOp::Add, r, off);
        return r;
    }

    VReg copyinto(const sema::Node& n) {
        VReg addr = c.value(*n.args[0]);
        VReg size = c.value(*n.args[1]);
        VReg dest = address_arg(*n.args[2]);
        VReg off = check_allocated(dest, size);
        copy(bpf::helper::probe_read_user, off, size, addr);
        return zero();
    }

    VReg bcopy(const sema::Node& n) {
        VReg src = address_arg(*n.args[0]);
        VReg dest = address_arg(*n.args[1]);
        VReg size = c.value(*n.args[2]);
        VReg off = check_allocated(dest, size);
        copy(bpf::helper::probe_read_kernel, off, size, src);
        return zero();
    }

    VReg zero() {
        VReg r = f.vreg();
        f.mov(r, static_cast<int64_t>(0));
        return r;
    }
};

// copyinstr(addr[, n]): DTrace copies at most strsize bytes, or n + 1 when n is smaller, and
// always ends the string in the last of them: at most n characters, and at most strsize - 1.
VReg copyinstr(ClauseGen& c, const sema::Node& n) {
    bpf::Function& f = c.f;
    const int64_t strsize = c.g.strsize - 1;  // D's strsize; the buffers hold one byte more
    VReg addr = c.value(*n.args[0]);
    VReg size = f.vreg();
    f.mov(size, strsize);
    if (n.args.size() > 1) {
        const sema::Node& max = *n.args[1];
        if (max.kind == NodeKind::Int) {
            if (max.value < static_cast<uint64_t>(strsize)) f.mov(size, static_cast<int64_t>(max.value + 1));
        } else {
            VReg m = c.value(max);
            bpf::Label keep = f.new_label();
            f.branch(Cond::Ge, m, strsize, keep);
            f.mov(size, m);
            f.alu64(AluOp::Add, size, 1);
            f.bind(keep);
        }
    }
    VReg t = c.string_temp();
    f.store(1, t, 0, static_cast<int64_t>(0));
    VReg rc = f.call_helper(bpf::helper::probe_read_user_str, {t, size, addr});
    bpf::Label ok = f.new_label();
    f.branch(Cond::Sge, rc, 0, ok);
    c.fault(abi::kFaultBadAddr, addr);
    f.bind(ok);
    return t;
}

// __psargs(start, end): the current process's arguments, at [start, end) in its memory (its
// mm's arg_start and arg_end), as /proc/PID/cmdline holds them: each ends in a NUL. Like
// illumos's pr_psargs: at most 79 characters, the NULs between arguments turned into spaces.
// A read that fails (a page not resident) gives the empty string rather than a fault.
VReg psargs(ClauseGen& c, const sema::Node& n) {
    bpf::Function& f = c.f;
    const int64_t most = std::min<int64_t>(79, static_cast<int64_t>(c.g.strsize) - 1);
    VReg start = c.value(*n.args[0]);
    VReg len = f.vreg();
    f.mov(len, c.value(*n.args[1]));
    f.alu64(AluOp::Sub, len, start);
    f.alu64(AluOp::Sub, len, 1);  // the last argument's NUL
    VReg t = c.string_temp();
    f.store(1, t, 0, static_cast<int64_t>(0));
    bpf::Label done = f.new_label(), capped = f.new_label();
    f.branch(Cond::Sle, len, 0, done);
    f.branch(Cond::Le, len, most, capped);
    f.mov(len, most);
    f.bind(capped);
    VReg rc = f.call_helper(bpf::helper::probe_read_user, {t, len, start});
    bpf::Label read = f.new_label();
    f.branch(Cond::Eq, rc, 0, read);
    f.store(1, t, 0, static_cast<int64_t>(0));
    f.jump(done);
    f.bind(read);
    // len is in [1, most]: the verifier needs the bound again after the call.
    bpf::Label bounded = f.new_label();
    f.branch(Cond::Le, len, most, bounded);
    f.jump(done);
    f.bind(bounded);
    VReg end = f.vreg();
    f.mov(end, t);
    f.alu64(AluOp::Add, end, len);
    f.store(1, end, 0, static_cast<int64_t>(0));
    // Unrolled: a loop over at most 79 bytes is cheaper to verify this way.
    VReg ch = f.vreg();
    for (int64_t i = 0; i < most; ++i) {
        bpf::Label next = f.new_label();
        f.branch(Cond::Le, len, i, done);
        f.load(1, ch, t, static_cast<int16_t>(i));
        f.branch(Cond::Ne, ch, 0, next);
        f.store(1, t, static_cast<int16_t>(i), static_cast<int64_t>(' '));
        f.bind(next);
    }
    f.bind(done);
    return t;
}

VReg rand(ClauseGen& c, const sema::Node& n) {
    VReg r = c.f.call_helper(bpf::helper::get_prandom_u32, {});
    c.normalize(r, n.type);  // an int: half of the values are negative
    return r;
}

// progenyof(pid): walks from the firing thread (curthread: the incoming task of proc:::start
// and sched:::on-cpu, not the leaving one sched_switch runs in) through real_parent up to the
// idle task (whose parent is itself), comparing process ids (tgid). The walk is bounded for the verifier; no
// process tree on a real system is that deep.
VReg progenyof(ClauseGen& c, const sema::Node& n) {
    constexpr int64_t kMaxDepth = 128;
    bpf::Function& f = c.f;
    const sema::Type* task = c.g.types.lookup_tag(sema::TypeKind::Struct, "task_struct");
    const sema::Member* parent_m = task ? task->member("real_parent") : nullptr;
    const sema::Member* tgid_m = task ? task->member("tgid") : nullptr;
    if (!parent_m || !tgid_m) c.g.error("D_UNKNOWN", n.range, "kernel types are not available for progenyof( )");
    const int64_t parent_off = static_cast<int64_t>(parent_m->offset_bits / 8);
    const int64_t tgid_off = static_cast<int64_t>(tgid_m->offset_bits / 8);

    VReg want = c.value(*n.args[0]);
    VReg r = f.vreg(), i = f.vreg(), tmp = f.vreg(), field = f.vreg(), v = f.vreg();
    f.mov(r, static_cast<int64_t>(0));
    f.mov(i, static_cast<int64_t>(0));
    VReg t = c.current_task();
    bpf::Label loop = f.new_label(), found = f.new_label(), done = f.new_label();
    f.bind(loop);
    f.branch(Cond::Ge, i, kMaxDepth, done);
    f.mov(tmp, c.scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, static_cast<int64_t>(0));
    f.mov(field, t);
    f.alu64(AluOp::Add, field, tgid_off);
    VReg rc = f.call_helper(bpf::helper::probe_read_kernel, {tmp, 4, field});
    f.branch(Cond::Ne, rc, 0, done);
    f.mov(tmp, c.scratch);
    f.load(4, v, tmp, abi::kScratchTemp);
    f.branch(Cond::Eq, v, want, found, /*is32=*/true);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.mov(field, t);
    f.alu64(AluOp::Add, field, parent_off);
    rc = f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, field});
    f.branch(Cond::Ne, rc, 0, done);
    f.mov(tmp, c.scratch);
    f.load(8, v, tmp, abi::kScratchTemp);
    f.branch(Cond::Eq, v, 0, done);
    f.branch(Cond::Eq, v, t, done);
    f.mov(t, v);
    f.alu64(AluOp::Add, i, 1);
    f.jump(loop);
    f.bind(found);
    f.mov(r, static_cast<int64_t>(1));
    f.bind(done);
    return r;
}

}  // namespace

void ClauseGen::reset_scratch_allocations() {
    if (!uses_scratch(clause.predicate.get()) && !uses_scratch(clause.body)) return;
    g.layout.alloca = true;
    VReg hdr = f.vreg();
    f.mov(hdr, scratch);
    f.alu64(AluOp::Add, hdr, static_cast<int64_t>(g.layout.alloca_area));
    f.store(8, hdr, 0, static_cast<int64_t>(0));
}

// The group's entries in the subroutine table (gen_subr_table.h).
std::vector<SubrEntry> memory_subr_entries() {
    using N = const sema::Node&;
    return {
        {Subr::Alloca, [](ClauseGen& c, N n) { return MemoryGen(c).alloca_(n); }},
        {Subr::Copyin, [](ClauseGen& c, N n) { return MemoryGen(c).copyin(n); }},
        {Subr::Copyinto, [](ClauseGen& c, N n) { return MemoryGen(c).copyinto(n); }},
        {Subr::Bcopy, [](ClauseGen& c, N n) { return MemoryGen(c).bcopy(n); }},
        {Subr::Copyinstr, copyinstr},
        {Subr::Rand, rand},
        {Subr::Progenyof, progenyof},
        {Subr::Psargs, psargs},
        {Subr::DPath, d_path},
    };
}

}  // namespace bdtrace::codegen
