// Where a kernel stack starts. A probe on a tracepoint (sdt, proc, sched, io, syscall) or run by
// the consumer (BEGIN, END) calls its program through the tracing machinery: the tracepoint's
// iterator (__traceiter_<event>, when several programs share it) or its BPF probe function
// (__bpf_trace_<class>), then bpf_trace_run<N>; BEGIN and END through bpf_prog_test_run_raw_tp.
// DTrace's stacks start at the probe site, so stack(), caller and stackdepth leave those frames
// out. bpf_get_stack's skip field drops the program's own frames (stack_flags); the machinery's
// frames are found at run time, since their number depends on the kernel and on how many
// programs share a tracepoint: a frame is the machinery's when its 16-byte block of kernel text
// is in abi::kMachineryMap, which the consumer fills from kallsyms (runtime/session_hooks.cpp).
// A perf event's stack (profile, tick) starts at the interrupted code and has none, and a
// uprobe's kernel stack is empty.
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

bool ClauseGen::stack_has_machinery() const {
    return !g.context.clean_kernel_stack;
}

// The leading frames of the `bytes` bytes of PCs at the scratch area's stack room that are the
// tracing machinery's (0 to kMachineryWindow).
VReg ClauseGen::machinery_frames(VReg bytes) {
    g.uses_machinery = true;
    VReg k = f.vreg();
    f.mov(k, static_cast<int64_t>(0));
    bpf::Label done = f.new_label();
    bpf::StackSlot slot = f.alloc_stack(8);
    for (uint32_t i = 0; i < Gen::kMachineryWindow; ++i) {
        f.branch(Cond::Slt, bytes, static_cast<int64_t>(8 * (i + 1)), done);
        VReg pc = f.vreg();
        VReg buf = f.vreg();
        f.mov(buf, scratch);
        f.load(8, pc, buf, static_cast<int16_t>(g.layout.stack + 8 * i));
        f.alu64(AluOp::Rsh, pc, abi::kMachineryBlockShift);
        f.store(8, slot, 0, pc);
        VReg keyp = f.vreg();
        f.addr_of(keyp, slot);
        VReg map = f.vreg();
        f.load_map_fd(map, abi::kMachineryMap);
        VReg hit = f.call_helper(bpf::helper::map_lookup_elem, {map, keyp});
        f.branch(Cond::Eq, hit, 0, done);
        f.mov(k, static_cast<int64_t>(i + 1));
    }
    f.bind(done);
    return k;
}

// The first kMachineryWindow frames below the program's own, at the scratch area's stack room.
VReg ClauseGen::stack_window() {
    VReg buf = f.vreg();
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.stack));
    return f.call_helper(bpf::helper::get_stack, {ctx, buf, static_cast<int64_t>(8 * Gen::kMachineryWindow), stack_flags()});
}

VReg ClauseGen::stack_skip() {
    VReg flags = f.vreg();
    f.mov(flags, stack_flags());
    if (!stack_has_machinery()) return flags;
    VReg k = machinery_frames(stack_window());
    f.alu64(AluOp::Add, flags, k);
    return flags;
}

VReg ClauseGen::kernel_caller() {
    VReg buf = f.vreg();
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.stack));
    if (!stack_has_machinery()) {
        // The interrupted function's caller: the stack's second frame.
        VReg got = f.call_helper(bpf::helper::get_stack, {ctx, buf, static_cast<int64_t>(ScratchLayout::kStackBytes), stack_flags()});
        return second_frame(got);
    }
    // Where the probe fired: the first frame that is not the machinery's, as DTrace's caller of
    // an anchored probe (the probe site).
    VReg bytes = stack_window();
    VReg k = machinery_frames(bytes);
    VReg r = f.vreg();
    f.mov(r, static_cast<int64_t>(0));
    bpf::Label done = f.new_label();
    VReg need = f.vreg();
    f.mov(need, k);
    f.alu64(AluOp::Lsh, need, 3);
    f.branch(Cond::Sle, bytes, need, done);
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, need);
    f.load(8, r, buf, static_cast<int16_t>(g.layout.stack));
    f.bind(done);
    return r;
}

VReg ClauseGen::kernel_stackdepth() {
    VReg buf = f.vreg();
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.stack));
    VReg r = f.call_helper(bpf::helper::get_stack, {ctx, buf, static_cast<int64_t>(ScratchLayout::kStackBytes), stack_flags()});
    bpf::Label ok = f.new_label();
    f.branch(Cond::Sge, r, 0, ok);
    f.mov(r, static_cast<int64_t>(0));
    f.bind(ok);
    if (stack_has_machinery()) {
        VReg k = machinery_frames(r);
        f.alu64(AluOp::Rsh, r, 3);
        f.alu64(AluOp::Sub, r, k);
        return r;
    }
    f.alu64(AluOp::Rsh, r, 3);
    return r;
}

}  // namespace bdtrace::codegen
