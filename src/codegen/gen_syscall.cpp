// The syscall provider's two programs, tp_btf programs on the tracepoints sys_enter(regs, nr) and
// sys_exit(regs, ret): whatever the number of syscall probes, one program each. The call's
// number picks its row of the syscall table (abi::kSyscallTableMap: the probe id, then the epid
// of each syscall clause, 0 when that clause is not enabled for the call), so that enabling a
// call is writing a row, and a call nobody traces costs one lookup.
#include "arch/x86_64_regs.h"
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/program_builders.h"
#include "probes/syscall_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using probes::AttachKind;

namespace {

// A 32-bit process's calls (int 0x80, sysenter) come with cs = __USER32_CS (arch::kUser32Cs)
// and the i386 numbering, which the x86-64 table would misname: they are not traced.
// Linux returns -errno, with errno at most 4095 (MAX_ERRNO).
constexpr int64_t kMaxErrno = 4095;

}  // namespace

void syscall_dispatch(Gen& g, bpf::Function& f, AttachKind kind, VReg ctx, VReg scratch, VReg st, uint32_t want,
                      const std::vector<std::pair<uint32_t, bpf::FunctionId>>& clause_fns) {
    bool is_return = kind == AttachKind::SyscallReturn;
    // The programs are tp_btf programs: the tracepoint's first argument is a typed struct
    // pt_regs pointer, whose fields the verifier lets the program load directly (no copy).
    VReg regs = f.vreg();
    f.load(8, regs, ctx, 0);
    auto native_caller = [&] {
        bpf::Label native = f.new_label();
        VReg cs = f.vreg();
        f.load(8, cs, regs, arch::kCs);
        f.branch(Cond::Ne, cs, arch::kUser32Cs, native);
        f.ret(0);
        f.bind(native);
    };

    // sys_enter has the number as its second argument, so a call nobody traces costs only the
    // lookup; at sys_exit the number is the saved orig_ax.
    VReg nr = f.vreg();
    if (is_return) {
        native_caller();
        f.load(8, nr, regs, arch::kOrigRax);
    } else {
        f.load(8, nr, ctx, 8);
    }
    bpf::Label in_table = f.new_label();
    f.branch(Cond::Lt, nr, static_cast<int64_t>(probes::kMaxSyscallNr), in_table);
    f.ret(0);
    f.bind(in_table);
    if (is_return) f.alu64(AluOp::Add, nr, static_cast<int64_t>(probes::kMaxSyscallNr));
    VReg row = table_row_or_return(f, abi::kSyscallTableMap, nr);
    if (!is_return) native_caller();

    VReg probe = f.vreg();
    f.load(4, probe, row, 0);
    f.store(8, scratch, abi::kScratchProbeId, probe);
    for (int i = 0; i < 10; ++i) f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), 0);
    if (!is_return) {
        for (int i = 0; i < 6; ++i) {
            VReg a = f.vreg();
            f.load(8, a, regs, arch::kSyscallArgs[i]);
            f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), a);
        }
    } else {
        // DTrace's return probes: arg0 and arg1 are the return value, -1 when the call failed
        // (the error number is then errno).
        VReg ret = f.vreg(), bias = f.vreg();
        f.load(8, ret, ctx, 8);
        f.mov(bias, ret);
        f.alu64(AluOp::Add, bias, kMaxErrno);
        bpf::Label ok = f.new_label();
        f.branch(Cond::Ge, bias, kMaxErrno, ok);
        f.mov(ret, static_cast<int64_t>(-1));
        f.bind(ok);
        f.store(8, scratch, abi::kScratchArgs, ret);
        f.store(8, scratch, abi::kScratchArgs + 8, ret);
    }

    call_row_clauses(f, ctx, scratch, st, row, 4, g.out.syscall_clauses, want, clause_fns);
}

// errno: the error number at a failing syscall return (the tracepoint's ret is -errno), 0
// elsewhere.
VReg ClauseGen::syscall_errno() {
    VReg r = f.vreg();
    if (!g.context.syscall_return) {
        f.mov(r, static_cast<int64_t>(0));
        return r;
    }
    VReg bias = f.vreg();
    f.load(8, r, ctx, 8);
    f.mov(bias, r);
    f.alu64(AluOp::Add, bias, kMaxErrno);
    bpf::Label failed = f.new_label(), done = f.new_label();
    f.branch(Cond::Lt, bias, kMaxErrno, failed);
    f.mov(r, static_cast<int64_t>(0));
    f.jump(done);
    f.bind(failed);
    VReg neg = f.vreg();
    f.mov(neg, static_cast<int64_t>(0));
    f.alu64(AluOp::Sub, neg, r);
    f.mov(r, neg);
    f.bind(done);
    return r;
}

void build_syscall_entry(const EntrySetup& s) {
    syscall_dispatch(s.g, s.f, s.kind, s.ctx, s.scratch, s.st, s.want, s.clause_fns);
}

}  // namespace bdtrace::codegen
