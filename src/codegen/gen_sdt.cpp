// The sdt provider's program, shared by every kernel tracepoint: attached to each enabled
// tracepoint as a raw tracepoint with the probe id as its cookie (the fbt provider loads the
// same code once per kernel function as fentry or fexit, the probe id in the link's cookie).
// The probe's row of the sdt table (abi::kSdtTableMap) holds the tracepoint's argument count,
// the identity and guards of proc and sched probes, then the epid of each sdt clause (0: not
// enabled for this probe). The arguments are copied with one read of 8 * count bytes from
// the context: a load from the context past a tracepoint's last argument would make the
// kernel refuse to attach the program to that tracepoint (it checks the program's largest
// context offset against the tracepoint's argument count). The same read serves a
// trampoline's context, whose slots are the function's arguments (then its return value).
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/program_builders.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// The task whose identity the clauses take (abi::kScratchIdentity): an argument of the
// tracepoint, or 0 for the current task.
void sdt_identity(bpf::Function& f, VReg ctl, VReg scratch) {
    f.store(8, scratch, abi::kScratchIdentity, 0);
    VReg at = f.vreg();
    f.mov(at, ctl);
    f.alu64(AluOp::Rsh, at, static_cast<int64_t>(abi::kSdtIdentityShift));
    f.alu64(AluOp::And, at, 0xff);
    bpf::Label none = f.new_label();
    f.branch(Cond::Eq, at, 0, none);
    f.alu64(AluOp::Sub, at, 1);
    f.branch(Cond::Gt, at, 9, none);
    f.alu64(AluOp::Lsh, at, 3);
    f.alu64(AluOp::Add, at, scratch);
    VReg task = f.vreg();
    f.load(8, task, at, static_cast<int16_t>(abi::kScratchArgs));
    f.store(8, scratch, abi::kScratchIdentity, task);
    f.bind(none);
}

// One guard of a proc or sched probe (abi::SdtGuard at byte `at` of the row): returns unless
// (value & mask) == want (!= when negated), the value being the argument (or the current
// task) or the 8 bytes at its field. An unused guard passes.
void sdt_guard(bpf::Function& f, VReg row, VReg scratch, int16_t at) {
    VReg ctl = f.vreg();
    f.load(4, ctl, row, at);
    bpf::Label pass = f.new_label();
    f.branch(Cond::Eq, ctl, 0, pass);
    VReg arg = f.vreg();
    f.mov(arg, ctl);
    f.alu64(AluOp::And, arg, 0xff);
    f.alu64(AluOp::Sub, arg, 1);
    VReg v = f.vreg();
    bpf::Label in_range = f.new_label(), have = f.new_label();
    f.branch(Cond::Le, arg, 9, in_range);
    bpf::Label current = f.new_label();
    f.branch(Cond::Eq, arg, static_cast<int64_t>(abi::kSdtGuardCurrent), current);
    f.ret(0);
    f.bind(current);
    f.mov(v, f.call_helper(bpf::helper::get_current_task, {}));
    f.jump(have);
    f.bind(in_range);
    f.alu64(AluOp::Lsh, arg, 3);
    f.alu64(AluOp::Add, arg, scratch);
    f.load(8, v, arg, static_cast<int16_t>(abi::kScratchArgs));
    f.bind(have);
    VReg field = f.vreg();
    f.load(4, field, row, static_cast<int16_t>(at + 4));
    bpf::Label direct = f.new_label();
    f.branch(Cond::Eq, field, 0, direct);
    f.alu64(AluOp::Add, v, field);
    f.alu64(AluOp::Sub, v, 1);
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, 0);
    f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, v});
    f.load(8, v, tmp, 0);
    f.bind(direct);
    VReg mask = f.vreg();
    f.load(8, mask, row, static_cast<int16_t>(at + 8));
    f.alu64(AluOp::And, v, mask);
    VReg want = f.vreg();
    f.load(8, want, row, static_cast<int16_t>(at + 16));
    bpf::Label equal = f.new_label();
    f.branch(Cond::Eq, v, want, equal);
    // Different: passes only when negated.
    f.alu64(AluOp::And, ctl, static_cast<int64_t>(abi::kSdtGuardNe));
    f.branch(Cond::Ne, ctl, 0, pass);
    f.ret(0);
    f.bind(equal);
    f.alu64(AluOp::And, ctl, static_cast<int64_t>(abi::kSdtGuardNe));
    f.branch(Cond::Eq, ctl, 0, pass);
    f.ret(0);
    f.bind(pass);
}

// An fbt return probe (kSdtArgsReturn): the slots read end with the return value; arg0
// becomes 0, arg1 the return value and the others 0.
void fexit_args(bpf::Function& f, VReg word, VReg scratch) {
    bpf::Label done = f.new_label();
    VReg flag = f.vreg();
    f.mov(flag, word);
    f.alu64(AluOp::And, flag, static_cast<int64_t>(abi::kSdtArgsReturn));
    f.branch(Cond::Eq, flag, 0, done);
    VReg at = f.vreg();
    f.mov(at, word);
    f.alu64(AluOp::And, at, static_cast<int64_t>(abi::kSdtArgsCount));
    f.branch(Cond::Eq, at, 0, done);
    f.alu64(AluOp::Sub, at, 1);
    f.branch(Cond::Gt, at, 9, done);
    f.alu64(AluOp::Lsh, at, 3);
    f.alu64(AluOp::Add, at, scratch);
    VReg rv = f.vreg();
    f.load(8, rv, at, static_cast<int16_t>(abi::kScratchArgs));
    for (int i = 0; i < 10; ++i) f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), 0);
    f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8), rv);
    f.bind(done);
}

// A probe's other tracepoint whose first argument is not the probe's (kSdtArgsDropFirst):
// the others move down one.
void drop_first_arg(bpf::Function& f, VReg word, VReg scratch) {
    bpf::Label done = f.new_label();
    VReg flag = f.vreg();
    f.mov(flag, word);
    f.alu64(AluOp::And, flag, static_cast<int64_t>(abi::kSdtArgsDropFirst));
    f.branch(Cond::Eq, flag, 0, done);
    VReg v = f.vreg();
    for (int i = 0; i < 9; ++i) {
        f.load(8, v, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * (i + 1)));
        f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), v);
    }
    f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * 9), 0);
    f.bind(done);
}

}  // namespace

// The probe's row first (a probe with no enabled clause costs that lookup, no scratch lookup),
// then every argument: the identity and the guards read them, whatever the clauses read.
void build_sdt_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    const VReg ctx = s.ctx;
    // The cookie: the probe id, and in its upper half the row of a probe's other tracepoint.
    VReg cookie = f.call_helper(bpf::helper::get_attach_cookie, {ctx});
    VReg key = f.vreg();
    f.mov(key, cookie);
    f.alu64(AluOp::Rsh, key, 32);
    bpf::Label own_row = f.new_label(), keyed = f.new_label();
    f.branch(Cond::Eq, key, 0, own_row);
    f.jump(keyed);
    f.bind(own_row);
    f.mov(key, cookie);
    f.bind(keyed);
    VReg row = table_row_or_return(f, abi::kSdtTableMap, key);
    find_scratch(s);
    const VReg scratch = s.scratch;
    VReg probe = f.vreg();
    f.mov(probe, cookie);
    f.alu64(AluOp::Lsh, probe, 32);
    f.alu64(AluOp::Rsh, probe, 32);
    f.store(8, scratch, abi::kScratchProbeId, probe);
    for (int i = 0; i < 10; ++i) f.store(8, scratch, static_cast<int16_t>(abi::kScratchArgs + 8 * i), 0);
    VReg word = f.vreg();
    f.load(4, word, row, 0);
    VReg n = f.vreg();
    f.mov(n, word);
    f.alu64(AluOp::And, n, static_cast<int64_t>(abi::kSdtArgsCount));
    bpf::Label fits = f.new_label();
    f.branch(Cond::Le, n, 10, fits);
    f.mov(n, static_cast<int64_t>(10));
    f.bind(fits);
    f.alu64(AluOp::Lsh, n, 3);
    VReg args = f.vreg();
    f.mov(args, scratch);
    f.alu64(AluOp::Add, args, static_cast<int64_t>(abi::kScratchArgs));
    f.call_helper(bpf::helper::probe_read_kernel, {args, n, ctx});
    fexit_args(f, word, scratch);
    drop_first_arg(f, word, scratch);
    VReg ident = f.vreg();
    f.load(4, ident, row, static_cast<int16_t>(4 * abi::kSdtRowIdentity));
    sdt_identity(f, ident, scratch);
    for (uint32_t i = 0; i < abi::kSdtGuards; ++i)
        sdt_guard(f, row, scratch, static_cast<int16_t>(4 * abi::kSdtRowGuard + i * sizeof(abi::SdtGuard)));

    call_row_clauses(f, ctx, scratch, s.st, row, static_cast<int16_t>(4 * abi::kSdtRowEpids),
                     s.g.out.sdt_clauses, s.want, s.clause_fns);
}

}  // namespace bdtrace::codegen
