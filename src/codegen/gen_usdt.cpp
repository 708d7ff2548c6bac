#include "codegen/gen_usdt.h"

#include "bpf/helpers.h"
#include "codegen/abi.h"
#include "codegen/program_builders.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// A register of the copy: its pt_regs offset comes from the spec, so it is masked to a
// multiple of 8 below 256 for the verifier (the copy is followed by more scratch).
VReg saved_register(bpf::Function& f, VReg scratch, VReg offset) {
    VReg p = f.vreg();
    f.mov(p, offset);
    f.alu64(AluOp::And, p, 0xf8);
    f.alu64(AluOp::Add, p, scratch);
    VReg v = f.vreg();
    f.load(8, v, p, abi::kScratchRegs);
    return v;
}

void one_arg(bpf::Function& f, VReg scratch, VReg spec, uint32_t i) {
    const auto at = [&](int off) { return static_cast<int16_t>(16 * i + off); };
    bpf::Label store = f.new_label(), extend = f.new_label(), reg = f.new_label();
    VReg v = f.vreg();
    f.mov(v, static_cast<int64_t>(0));
    VReg kind = f.vreg();
    f.load(1, kind, spec, at(0));
    f.branch(Cond::Eq, kind, 0, store);
    f.load(8, v, spec, at(8));
    f.branch(Cond::Eq, kind, 1, extend);
    // Register or memory: the base register (none for an absolute address).
    VReg base = f.vreg();
    f.mov(base, static_cast<int64_t>(0));
    VReg boff = f.vreg();
    f.load(1, boff, spec, at(4));
    bpf::Label no_base = f.new_label();
    f.branch(Cond::Eq, boff, 0xff, no_base);
    VReg b = saved_register(f, scratch, boff);
    f.mov(base, b);
    f.bind(no_base);
    f.branch(Cond::Eq, kind, 2, reg);
    // Memory: base + index << scale + displacement, read from the process.
    f.alu64(AluOp::Add, v, base);
    VReg ioff = f.vreg();
    f.load(1, ioff, spec, at(5));
    bpf::Label no_index = f.new_label();
    f.branch(Cond::Eq, ioff, 0xff, no_index);
    VReg idx = saved_register(f, scratch, ioff);
    VReg scale = f.vreg();
    f.load(1, scale, spec, at(6));
    f.alu64(AluOp::And, scale, 3);
    f.alu64(AluOp::Lsh, idx, scale);
    f.alu64(AluOp::Add, v, idx);
    f.bind(no_index);
    f.store(8, scratch, abi::kScratchTemp, 0);
    VReg size = f.vreg();
    f.load(1, size, spec, at(1));
    bpf::Label small = f.new_label();
    f.branch(Cond::Le, size, 8, small);
    f.mov(size, static_cast<int64_t>(8));
    f.bind(small);
    VReg dst = f.vreg();
    f.mov(dst, scratch);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(abi::kScratchTemp));
    // A bad address leaves the argument 0, as a fault would abandon nothing here.
    f.call_helper(bpf::helper::probe_read_user, {dst, size, v});
    f.load(8, v, scratch, abi::kScratchTemp);
    f.jump(extend);
    f.bind(reg);
    VReg rshift = f.vreg();
    f.load(1, rshift, spec, at(7));
    f.alu64(AluOp::And, rshift, 63);
    f.alu64(AluOp::Rsh, base, rshift);
    f.mov(v, base);
    f.bind(extend);
    VReg sh = f.vreg();
    f.load(1, sh, spec, at(2));
    f.alu64(AluOp::And, sh, 63);
    f.alu64(AluOp::Lsh, v, sh);
    VReg sign = f.vreg();
    f.load(1, sign, spec, at(3));
    bpf::Label unsigned_ = f.new_label();
    f.branch(Cond::Eq, sign, 0, unsigned_);
    f.alu64(AluOp::Arsh, v, sh);
    f.jump(store);
    f.bind(unsigned_);
    f.alu64(AluOp::Rsh, v, sh);
    f.bind(store);
    f.store(8, scratch, static_cast<int16_t>(abi::scratch_arg(i)), v);
}

}  // namespace

void usdt_load_args(bpf::Function& f, VReg ctx, VReg scratch, VReg site, uint32_t args) {
    if (!(args & ((uint32_t{1} << abi::kUsdtMaxArgs) - 1))) return;
    for (int off = 0; off < abi::kPtRegsSize; off += 8) {
        VReg r = f.vreg();
        f.load(8, r, ctx, static_cast<int16_t>(off));
        f.store(8, scratch, static_cast<int16_t>(abi::kScratchRegs + off), r);
    }
    bpf::StackSlot key = f.alloc_stack(8);
    f.store(4, key, 0, site);
    VReg keyp = f.vreg();
    f.addr_of(keyp, key);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kUsdtSiteMap);
    VReg spec = f.call_helper(bpf::helper::map_lookup_elem, {map, keyp});
    bpf::Label none = f.new_label();
    f.branch(Cond::Eq, spec, 0, none);
    for (uint32_t i = 0; i < abi::kUsdtMaxArgs; ++i)
        if ((args >> i) & 1) one_arg(f, scratch, spec, i);
    bpf::Label done = f.new_label();
    f.jump(done);
    f.bind(none);
    for (uint32_t i = 0; i < abi::kUsdtMaxArgs; ++i)
        if ((args >> i) & 1) f.store(8, scratch, static_cast<int16_t>(abi::scratch_arg(i)), 0);
    f.bind(done);
}

// The USDT programs' entry: the cookie holds the probe id, and the call site's index in the
// upper half; the probe table's row first (a firing of a process with no probe there costs
// only that lookup), then the arguments the clauses read from the site's specs, then the
// clauses the row enables.
void build_usdt_entry(EntrySetup& s) {
    bpf::Function& f = s.f;
    VReg probe = probe_id_of(s, true);
    VReg row = probe_table_row(s, probe);
    find_scratch(s);
    VReg site = f.vreg();
    f.mov(site, probe);
    f.alu64(AluOp::Rsh, site, 32);
    store_cookie_probe(s, probe);
    usdt_load_args(f, s.ctx, s.scratch, site, s.args);
    call_table_clauses(s, row);
}

}  // namespace bdtrace::codegen
