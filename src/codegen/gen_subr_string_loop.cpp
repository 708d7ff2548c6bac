// Loops over string bytes for the string subroutines (see gen_subr_string.h).
#include "bpf/helpers.h"
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::Operand;
using bpf::VReg;

VReg opaque(ClauseGen& cg, Operand v) {
    cg.f.store(8, cg.scratch, abi::kScratchTemp, v);
    VReg r = cg.f.vreg();
    cg.f.load(8, r, cg.scratch, abi::kScratchTemp);
    return r;
}

Ctx::Ctx(ClauseGen& cg) : cg_(cg) {
    if (!cg.string_loop_area) cg.string_loop_area = cg.f.alloc_stack(kCtxFields * 8);
    slot_ = *cg.string_loop_area;
}

void Ctx::ptr(int field, VReg p) { cg_.f.store(8, slot_, 8 * field, p); }

void Ctx::num(int field, Operand v) { cg_.f.store(8, slot_, 8 * field, opaque(cg_, v)); }

VReg Ctx::get(int field) {
    VReg r = cg_.f.vreg();
    cg_.f.load(8, r, slot_, 8 * field);
    return r;
}

void Ctx::run(bpf::FunctionId cb, Operand count) {
    VReg fn = cg_.f.vreg(), ctx = cg_.f.vreg();
    cg_.f.load_func(fn, cb);
    cg_.f.addr_of(ctx, slot_);
    cg_.f.call_helper(bpf::helper::loop, {count, fn, ctx, 0});
}

VReg Body::field(int i) {
    VReg r = f.vreg();
    f.load(8, r, ctx, static_cast<int16_t>(8 * i));
    return r;
}

void Body::set(int i, Operand v) { f.store(8, ctx, static_cast<int16_t>(8 * i), v); }

VReg Body::byte(VReg base, VReg idx) {
    stops = true;
    f.branch(Cond::Ge, idx, static_cast<int64_t>(bytes), stop);
    VReg p = f.vreg();
    f.mov(p, base);
    f.alu64(AluOp::Add, p, idx);
    VReg c = f.vreg();
    f.load(1, c, p, 0);
    return c;
}

void Body::put(VReg base, VReg idx, Operand c) {
    stops = true;
    f.branch(Cond::Ge, idx, static_cast<int64_t>(bytes), stop);
    VReg p = f.vreg();
    f.mov(p, base);
    f.alu64(AluOp::Add, p, idx);
    f.store(1, p, 0, c);
}

VReg Body::imm(int64_t v) {
    VReg r = f.vreg();
    f.mov(r, v);
    return r;
}

bpf::FunctionId callback(ClauseGen& cg, const char* name, const std::function<void(Body&)>& build) {
    bpf::Program& prog = *cg.g.ir;
    auto key = std::make_pair(static_cast<const bpf::Program*>(&prog), std::string(name));
    if (auto it = cg.g.string_callbacks.find(key); it != cg.g.string_callbacks.end()) return it->second;
    // bpf_loop wants its callback described by BTF func_info, which the program set gives a
    // program that has chill()'s callback: asking for it turns that on (the assembler leaves the
    // function out when nothing calls it).
    cg.g.chill_callback();
    bpf::Function& f = prog.add_function(name, 2);  // bpf_loop calls it with (index, context)
    Body b{f, f.param(0), f.param(1), cg.g.strsize, f.new_label()};
    build(b);
    if (b.stops) {  // (the verifier refuses unreachable instructions)
        f.bind(b.stop);
        f.ret(1);
    }
    cg.g.string_callbacks[key] = f.id();
    return f.id();
}

VReg string_length(ClauseGen& cg, VReg s) {
    uint32_t n = cg.g.strsize;
    Ctx c(cg);
    c.ptr(0, s);
    c.num(1, static_cast<int64_t>(n - 1));
    c.run(callback(cg, "str_len", [](Body& b) {
              VReg ch = b.byte(b.field(0), b.index);
              bpf::Label more = b.f.new_label();
              b.f.branch(Cond::Ne, ch, 0, more);
              b.set(1, b.index);
              b.end();
              b.f.bind(more);
              b.next();
          }),
          static_cast<int64_t>(n));
    return c.get(1);
}

void clamp(bpf::Function& f, VReg r, int64_t hi) {
    bpf::Label low = f.new_label(), high = f.new_label();
    f.branch(Cond::Sge, r, 0, low);
    f.mov(r, static_cast<int64_t>(0));
    f.bind(low);
    f.branch(Cond::Le, r, hi, high);
    f.mov(r, hi);
    f.bind(high);
}

VReg copy_tail_or_null(ClauseGen& cg, VReg d, VReg s, VReg at, int64_t size) {
    bpf::Function& f = cg.f;
    VReg r = f.vreg();
    bpf::Label found = f.new_label(), done = f.new_label();
    f.branch(Cond::Sge, at, 0, found);
    f.mov(r, static_cast<int64_t>(0));
    f.jump(done);
    f.bind(found);
    clamp(f, at, size);
    VReg p = f.vreg();
    f.mov(p, s);
    f.alu64(AluOp::Add, p, at);
    VReg all = f.vreg();
    f.mov(all, size);
    copy_prefix(cg, d, p, all);
    f.mov(r, d);
    f.bind(done);
    return r;
}

void copy_prefix(ClauseGen& cg, VReg dst, VReg src, VReg max) {
    VReg size = cg.f.vreg();
    cg.f.mov(size, max);
    clamp(cg.f, size, static_cast<int64_t>(cg.g.strsize - 1));
    cg.f.alu64(AluOp::Add, size, 1);
    // On failure the helper zero-fills dst: an unreadable source gives the empty string.
    cg.f.call_helper(bpf::helper::probe_read_kernel_str, {dst, size, src});
}

}  // namespace bdtrace::codegen::strsubr
