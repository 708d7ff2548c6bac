// Stores to memory: `*p = v`, `p[i] = v`, `p->m op= v`, `s.m = v`, `++p[i]`, and struct copies.
//
// A member of a struct held in a D variable is written in place. Any other address is what a
// writable pointer reaches (sema's Node::writable: DTrace's DT_NF_WRITABLE), and DTrace decides
// at run time whether it may be written (dtrace_canstore()): the scratch memory the clause has
// allocated (alloca(), copyin()) or the storage of D variables (a global or this-> array or
// struct); anything else, kernel memory included, is an invalid address fault. The checks turn
// the number D holds into an offset the verifier can bound, then write through the map value.
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;

VReg ClauseGen::as_number(VReg v) {
    // A pointer stored to memory and loaded back is a plain scalar to the verifier.
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, v);
    VReg r = f.vreg();
    f.load(8, r, tmp, 0);
    return r;
}

VReg ClauseGen::writable_address(VReg addr, uint32_t size) {
    VReg a = as_number(addr);
    VReg r = f.vreg(), off = f.vreg(), base = f.vreg();
    bpf::Label done = f.new_label();
    // One D storage area: [start, start + bytes) of a map value whose pointer `area` gives.
    auto try_area = [&](auto&& area, uint32_t bytes) {
        if (bytes < size) return;
        bpf::Label next = f.new_label();
        area(base);
        f.mov(off, a);
        f.alu64(AluOp::Sub, off, as_number(base));
        f.branch(Cond::Gt, off, static_cast<int64_t>(bytes - size), next);  // also below it
        area(r);
        f.alu64(AluOp::Add, r, off);
        f.jump(done);
        f.bind(next);
    };
    // The scratch memory this clause allocated: its counter, then the memory.
    g.layout.alloca = true;
    if (size <= g.layout.scratchsize) {
        bpf::Label next = f.new_label();
        uint32_t limit = g.layout.scratchsize;
        f.mov(base, scratch);
        f.alu64(AluOp::Add, base, static_cast<int64_t>(g.layout.alloca_area + 8));
        f.mov(off, a);
        f.alu64(AluOp::Sub, off, as_number(base));
        f.branch(Cond::Gt, off, static_cast<int64_t>(limit), next);
        VReg used = f.vreg(), end = f.vreg(), hdr = f.vreg();
        f.mov(hdr, scratch);
        f.load(8, used, hdr, static_cast<int16_t>(g.layout.alloca_area));
        f.mov(end, off);
        f.alu64(AluOp::Add, end, static_cast<int64_t>(size));
        f.branch(Cond::Gt, end, used, next);
        f.mov(r, scratch);
        f.alu64(AluOp::Add, r, static_cast<int64_t>(g.layout.alloca_area + 8));
        f.alu64(AluOp::Add, r, off);
        f.jump(done);
        f.bind(next);
    }
    // Global variables (arrays and structs among them), then this-> variables.
    try_area([&](VReg dst) { f.load_map_value(dst, abi::kGlobalsMap, 0); }, g.prog.globals_size);
    try_area(
        [&](VReg dst) {
            f.mov(dst, scratch);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(abi::kScratchVars));
        },
        g.prog.clause_vars_size);
    fault(abi::kFaultBadAddr, a);  // none of them: not D's to write
    f.bind(done);
    return r;
}

namespace {

// The D variable and byte offset a Load from a VarAddr writes (a member of a struct variable).
bool in_variable(const sema::Node& lvalue) {
    return lvalue.a && lvalue.a->kind == NodeKind::VarAddr;
}

}  // namespace

// Where a Store or IncDec writes: a pointer the verifier accepts for `size` bytes.
VReg ClauseGen::lvalue_pointer(const sema::Node& lvalue) {
    if (in_variable(lvalue)) {
        VReg p = var_storage(*lvalue.a, /*write=*/true);
        if (lvalue.value) f.alu64(AluOp::Add, p, static_cast<int64_t>(lvalue.value));
        return p;
    }
    return writable_address(address_of(lvalue), static_cast<uint32_t>(lvalue.type->size));
}

// The scalar at p, of the lvalue's type (a bit-field's bits).
VReg ClauseGen::load_lvalue(const sema::Node& lvalue, VReg p) {
    VReg v = f.vreg();
    f.load(static_cast<int>(lvalue.type->size), v, p, 0);
    if (lvalue.bit_size) {
        if (lvalue.bit_offset) f.alu64(AluOp::Rsh, v, static_cast<int64_t>(lvalue.bit_offset));
        VReg m = f.vreg();
        f.mov(m, static_cast<int64_t>((uint64_t{1} << lvalue.bit_size) - 1));
        f.alu64(AluOp::And, v, m);
        if (lvalue.type->is_signed) {
            int shift = static_cast<int>(64 - lvalue.bit_size);
            f.alu64(AluOp::Lsh, v, shift);
            f.alu64(AluOp::Arsh, v, shift);
        }
        return v;
    }
    normalize(v, lvalue.type);
    return v;
}

void ClauseGen::store_lvalue(const sema::Node& lvalue, VReg p, VReg v) {
    int size = static_cast<int>(lvalue.type->size);
    if (!lvalue.bit_size) {
        f.store(size, p, 0, v);
        return;
    }
    // Read-modify-write of the unit holding the bit-field.
    uint64_t mask = ((uint64_t{1} << lvalue.bit_size) - 1) << lvalue.bit_offset;
    VReg old = f.vreg(), m = f.vreg(), nv = f.vreg();
    f.load(size, old, p, 0);
    f.mov(m, static_cast<int64_t>(~mask));
    f.alu64(AluOp::And, old, m);
    f.mov(nv, v);
    if (lvalue.bit_offset) f.alu64(AluOp::Lsh, nv, static_cast<int64_t>(lvalue.bit_offset));
    f.mov(m, static_cast<int64_t>(mask));
    f.alu64(AluOp::And, nv, m);
    f.alu64(AluOp::Or, old, nv);
    f.store(size, p, 0, old);
}

// The address of a struct value's bytes: in memory, in a D variable, or a dynamic variable's
// element (its zeros when it has none).
VReg ClauseGen::record_address(const sema::Node& n, bool* user) {
    *user = false;
    switch (n.kind) {
        case NodeKind::Load:
            *user = n.a->type->is_pointer() && n.a->type->space == sema::AddrSpace::User;
            return address_of(n);
        case NodeKind::Global:
        case NodeKind::ClauseVar: return var_address(*n.var);
        case NodeKind::DynVar: return dynvar_read(*n.var, n.args);
        case NodeKind::Comma:  // a translated struct built in scratch memory (materialize_xlate)
            if (n.a->type->is_string()) string(*n.a);
            else value(*n.a);
            return record_address(*n.b, user);
        default: g.error("D_UNKNOWN", n.range, "this struct value cannot be copied yet");
    }
}

// Copies `size` bytes of the struct value n to dst (a pointer the verifier accepts).
void ClauseGen::copy_record(VReg dst, const sema::Node& n, uint64_t size) {
    bool user = false;
    VReg src = record_address(n, &user);
    VReg rc = f.call_helper(user ? bpf::helper::probe_read_user : bpf::helper::probe_read_kernel,
                            {dst, static_cast<int64_t>(size), src});
    bpf::Label ok = f.new_label();
    f.branch(Cond::Eq, rc, 0, ok);
    fault(abi::kFaultBadAddr, src);
    f.bind(ok);
}

// lvalue op= value. `=` evaluates the value first, then the address (as DTrace's
// dt_cg_asgn_op); a compound operator reads the old value first, then evaluates the value.
VReg ClauseGen::store(const sema::Node& n) {
    const sema::Node& lvalue = *n.a;
    if (lvalue.type->is_record()) {
        VReg p = lvalue_pointer(lvalue);
        copy_record(p, *n.b, lvalue.type->size);
        return p;
    }
    if (lvalue.type->kind == sema::TypeKind::Array) {  // a string into a char array
        VReg src = string(*n.b);
        VReg p = lvalue_pointer(lvalue);
        f.call_helper(bpf::helper::probe_read_kernel_str, {p, static_cast<int64_t>(lvalue.type->size), src});
        return p;
    }
    if (lvalue.type->is_string()) {  // *(string *)p = s: sizeof (string) bytes, its NUL included
        VReg src = string(*n.b);
        uint32_t bytes = g.strsize - 1;
        VReg p = in_variable(lvalue) ? lvalue_pointer(lvalue) : writable_address(address_of(lvalue), bytes);
        f.call_helper(bpf::helper::probe_read_kernel_str, {p, static_cast<int64_t>(bytes), src});
        return p;
    }
    if (n.op == sema::Op::Assign) {
        VReg v = value(*n.b);
        normalize(v, lvalue.type);
        VReg p = lvalue_pointer(lvalue);
        store_lvalue(lvalue, p, v);
        return v;
    }
    VReg p = lvalue_pointer(lvalue);
    VReg old = load_lvalue(lvalue, p);
    VReg v = value(*n.b);
    v = combine(n.op, lvalue.type, old, v);
    normalize(v, lvalue.type);
    store_lvalue(lvalue, p, v);
    return v;
}

VReg ClauseGen::incdec(const sema::Node& n, VReg p, const std::function<void(VReg)>& store) {
    VReg old = load_lvalue(*n.a, p);
    VReg nv = f.vreg();
    f.mov(nv, old);
    int64_t step = n.type->is_pointer() ? static_cast<int64_t>(n.type->target->size) : 1;
    bool inc = n.op == sema::Op::PreInc || n.op == sema::Op::PostInc;
    f.alu64(inc ? AluOp::Add : AluOp::Sub, nv, step);
    normalize(nv, n.type);
    store(nv);
    return (n.op == sema::Op::PreInc || n.op == sema::Op::PreDec) ? nv : old;
}

// ++ and -- on memory.
VReg ClauseGen::memory_incdec(const sema::Node& n) {
    const sema::Node& lvalue = *n.a;
    VReg p = lvalue_pointer(lvalue);
    return incdec(n, p, [&](VReg v) { store_lvalue(lvalue, p, v); });
}

}  // namespace bdtrace::codegen
