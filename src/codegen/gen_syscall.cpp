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

// The call's row of the syscall table first: a call nobody traces costs that lookup, no
// scratch lookup and no argument copy. Then the arguments the clauses read.
void build_syscall_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    const VReg ctx = s.ctx;
    bool is_return = s.kind == AttachKind::SyscallReturn;
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
    find_scratch(s);
    const VReg scratch = s.scratch;

    VReg probe = f.vreg();
    f.load(4, probe, row, 0);
    f.store(8, scratch, abi::kScratchProbeId, probe);
    if (!is_return) {
        for (uint32_t i = 0; i < 6; ++i) {
            if (!s.reads_arg(i)) continue;
            VReg a = f.vreg();
            f.load(8, a, regs, arch::kSyscallArgs[i]);
            f.store(8, scratch, static_cast<int16_t>(abi::scratch_arg(i)), a);
        }
    } else if (s.reads_arg(0) || s.reads_arg(1)) {
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
        if (s.reads_arg(0)) f.store(8, scratch, abi::scratch_arg(0), ret);
        if (s.reads_arg(1)) f.store(8, scratch, abi::scratch_arg(1), ret);
    }

    call_row_clauses(f, ctx, scratch, s.st, row, 4, s.g.out.syscall_clauses, s.want, s.clause_fns);
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

}  // namespace bdtrace::codegen
