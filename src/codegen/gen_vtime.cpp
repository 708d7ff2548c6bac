// vtimestamp: the thread's virtualised time on CPU, in nanoseconds. The scheduler keeps it
// (task_struct's se.sum_exec_runtime) but adds the running slice only when it next accounts the
// task (a tick, a switch), so a thread that has just started reads 0 until then. The slice so
// far is now - se.exec_start, where exec_start is the scheduler's clock (rq_clock_task) when
// the slice began. That clock is not the one BPF programs read (bpf_ktime_get_ns), so a small
// program on sched_switch (vtime_program) notes, per CPU, the difference between the two when
// a task is switched in: the incoming task's exec_start was set to the scheduler's clock a
// moment before. DTrace keeps vtimestamp the same way, by a hook on every context switch while
// a program uses it.
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// The byte offset of task_struct's se.<member>, or of task_struct.<member> when `in_se` is
// false; -1 without kernel types.
int64_t task_member(sema::TypeTable& types, const char* member, bool in_se) {
    const sema::Type* task = types.lookup_tag(sema::TypeKind::Struct, "task_struct");
    if (!task) return -1;
    if (!in_se) {
        const sema::Member* m = task->member(member);
        return m ? static_cast<int64_t>(m->offset_bits / 8) : -1;
    }
    const sema::Member* se = task->member("se");
    const sema::Member* m = se && se->type ? se->type->member(member) : nullptr;
    return m ? static_cast<int64_t>((se->offset_bits + m->offset_bits) / 8) : -1;
}

// The value of this CPU's abi::kVtimeMap entry, or a jump to `none` when there is none.
VReg vtime_entry(bpf::Function& f, bpf::Label none) {
    bpf::StackSlot slot = f.alloc_stack(8);
    f.store(4, slot, 0, static_cast<int64_t>(0));
    VReg keyp = f.vreg();
    f.addr_of(keyp, slot);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kVtimeMap);
    VReg v = f.call_helper(bpf::helper::map_lookup_elem, {map, keyp});
    f.branch(Cond::Eq, v, 0, none);
    return v;
}

}  // namespace

VReg ClauseGen::vtimestamp(const sema::Node& n) {
    int64_t sum_off = task_member(g.types, "sum_exec_runtime", true);
    int64_t start_off = task_member(g.types, "exec_start", true);
    if (sum_off < 0 || start_off < 0) g.error("D_UNKNOWN", n.range, "kernel types are not available for vtimestamp");
    g.uses_vtime = true;
    VReg task = current_task();  // the firing thread's (on-cpu: the incoming one)
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    VReg src = f.vreg();
    f.mov(src, task);
    f.alu64(AluOp::Add, src, sum_off);
    f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, src});
    VReg r = f.vreg();
    f.load(8, r, tmp, 0);
    f.mov(src, task);
    f.alu64(AluOp::Add, src, start_off);
    f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, src});
    VReg start = f.vreg();
    f.load(8, start, tmp, 0);
    // The running slice: now, on the scheduler's clock, less exec_start. No switch seen on
    // this CPU yet: the scheduler's count alone.
    bpf::Label done = f.new_label();
    VReg entry = vtime_entry(f, done);
    VReg seen = f.vreg();
    f.load(8, seen, entry, abi::kVtimeSeen);
    f.branch(Cond::Eq, seen, 0, done);
    VReg offset = f.vreg();
    f.load(8, offset, entry, abi::kVtimeOffset);
    VReg slice = firing_timestamp();
    f.alu64(AluOp::Sub, slice, offset);
    f.alu64(AluOp::Sub, slice, start);
    f.branch(Cond::Sle, slice, 0, done);
    f.alu64(AluOp::Add, r, slice);
    f.bind(done);
    return r;
}

std::unique_ptr<bpf::Program> vtime_program(sema::TypeTable& types) {
    int64_t start_off = task_member(types, "exec_start", true);
    int64_t pid_off = task_member(types, "pid", false);
    if (start_off < 0 || pid_off < 0) return nullptr;
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    VReg ctx = f.param(0);
    bpf::Label out = f.new_label();
    // sched_switch(preempt, prev, next, prev_state): next's slice has just begun.
    VReg next = f.vreg();
    f.load(8, next, ctx, 16);
    bpf::StackSlot buf = f.alloc_stack(8);
    VReg bufp = f.vreg();
    f.store(8, buf, 0, static_cast<int64_t>(0));
    f.addr_of(bufp, buf);
    VReg src = f.vreg();
    f.mov(src, next);
    f.alu64(AluOp::Add, src, pid_off);
    f.call_helper(bpf::helper::probe_read_kernel, {bufp, 4, src});
    VReg pid = f.vreg();
    f.load(4, pid, buf, 0);
    // The idle task's exec_start is not kept: it says nothing of the clock.
    f.branch(Cond::Eq, pid, 0, out);
    f.addr_of(bufp, buf);
    f.mov(src, next);
    f.alu64(AluOp::Add, src, start_off);
    VReg rc = f.call_helper(bpf::helper::probe_read_kernel, {bufp, 8, src});
    f.branch(Cond::Ne, rc, 0, out);
    VReg now = f.call_helper(bpf::helper::ktime_get_ns, {});
    VReg start = f.vreg();
    f.load(8, start, buf, 0);
    f.alu64(AluOp::Sub, now, start);
    VReg entry = vtime_entry(f, out);
    f.store(8, entry, abi::kVtimeOffset, now);
    f.store(8, entry, abi::kVtimeSeen, static_cast<int64_t>(1));
    f.bind(out);
    f.ret(0);
    return prog;
}

}  // namespace bdtrace::codegen
