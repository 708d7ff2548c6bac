// Expressions. Integer values live in 64-bit registers, normalised after every operation to the
// D type's width and signedness, so comparisons and stores need no further fixing.
#include <cstdint>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_subr_table.h"
#include "sema/btf_types.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;
using sema::Op;

namespace {

// The BPF operation for a D arithmetic operator on a type of the given signedness.
AluOp alu_op(Op op, bool is_signed) {
    switch (op) {
        case Op::Sub: return AluOp::Sub;
        case Op::Mul: return AluOp::Mul;
        case Op::Div: return is_signed ? AluOp::SDiv : AluOp::Div;
        case Op::Mod: return is_signed ? AluOp::SMod : AluOp::Mod;
        case Op::Shl: return AluOp::Lsh;
        case Op::Shr: return is_signed ? AluOp::Arsh : AluOp::Rsh;
        case Op::And: return AluOp::And;
        case Op::Or: return AluOp::Or;
        case Op::Xor: return AluOp::Xor;
        default: return AluOp::Add;
    }
}

}  // namespace

void ClauseGen::normalize(VReg r, const sema::Type* t) {
    if (!t->is_integer() || t->size >= 8) return;
    int shift = static_cast<int>(64 - t->size * 8);
    f.alu64(AluOp::Lsh, r, shift);
    f.alu64(t->is_signed ? AluOp::Arsh : AluOp::Rsh, r, shift);
}

// DTrace's dt_cg_typecast: a cast changes the register only when it narrows, changes
// signedness, or widens a signed value (sign-extended from its own width first).
void ClauseGen::typecast(VReg r, const sema::Type* from, const sema::Type* to) {
    if (!to->is_scalar() || !from->is_scalar()) return;
    uint64_t fs = from->size, ts = to->size;
    bool fsigned = from->is_integer() && from->is_signed, tsigned = to->is_integer() && to->is_signed;
    if (ts == fs && fsigned == tsigned) return;
    if (ts > fs && !fsigned) return;
    if (ts > fs) {
        normalize(r, from);
        if (!tsigned) normalize(r, to);
        return;
    }
    if (ts < 8) normalize(r, to);
}

void ClauseGen::fault(uint32_t type, VReg addr) {
    // The fault record is filled here; fault_exit submits it and leaves the clause.
    can_fault = true;
    VReg rec = f.vreg();
    f.mov(rec, scratch);
    f.alu64(AluOp::Add, rec, static_cast<int64_t>(fault_record_offset()));
    f.store(4, rec, 16, epid);
    f.store(4, rec, 20, static_cast<int64_t>(current_action));
    f.store(4, rec, 24, static_cast<int64_t>(type));
    f.store(4, rec, 28, static_cast<int64_t>(0));
    if (addr.valid()) f.store(8, rec, 32, addr);
    else f.store(8, rec, 32, static_cast<int64_t>(0));
    f.jump(fault_exit);
}

VReg ClauseGen::var_address(const sema::Variable& v) {
    // Dynamic variables live in a map element found per access (gen_dynvar.cpp).
    if (v.dynamic()) g.error("D_UNKNOWN", v.first_use, "a dynamic variable has no fixed address: " + v.name);
    VReg r = f.vreg();
    switch (v.scope) {
        case sema::Variable::Scope::Global:
            f.load_map_value(r, abi::kGlobalsMap, v.offset);
            break;
        case sema::Variable::Scope::Clause:
            f.mov(r, scratch);
            f.alu64(AluOp::Add, r, static_cast<int64_t>(abi::kScratchVars + v.offset));
            break;
        case sema::Variable::Scope::Thread: break;  // dynamic: refused above
    }
    return r;
}

VReg ClauseGen::address_of(const sema::Node& n) {
    // n is a Load: the address is its pointer operand plus the constant offset.
    VReg base = value(*n.a);
    if (n.value) f.alu64(AluOp::Add, base, static_cast<int64_t>(n.value));
    return base;
}

VReg ClauseGen::load_memory(const sema::Node& n) {
    const sema::Type* t = n.type;
    if (!t->is_scalar() || t->size > 8 || t->size == 0)
        g.error("D_UNKNOWN", n.range, "cannot load a value of type " + t->name + " into a register");
    if (n.a->kind == NodeKind::VarAddr) {
        // A member of a struct in a D variable: plain memory, no fault possible.
        VReg base = var_storage(*n.a, /*write=*/false);
        if (n.value) f.alu64(AluOp::Add, base, static_cast<int64_t>(n.value));
        return load_lvalue(n, base);
    }
    VReg addr = address_of(n);
    bool user = n.a->type->is_pointer() && n.a->type->space == sema::AddrSpace::User;
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, static_cast<int64_t>(0));
    VReg rc = f.call_helper(user ? bpf::helper::probe_read_user : bpf::helper::probe_read_kernel,
                            {tmp, static_cast<int64_t>(t->size), addr});
    bpf::Label ok = f.new_label();
    f.branch(Cond::Eq, rc, 0, ok);
    fault(abi::kFaultBadAddr, addr);
    f.bind(ok);
    VReg v = f.vreg();
    f.mov(tmp, scratch);
    f.load(static_cast<int>(t->size == 8 ? 8 : t->size), v, tmp, abi::kScratchTemp);
    if (n.bit_size) {
        // Bit-fields: little-endian x86, bit_offset counts from the least significant bit.
        if (n.bit_offset) f.alu64(AluOp::Rsh, v, static_cast<int64_t>(n.bit_offset));
        uint64_t mask = n.bit_size >= 64 ? ~uint64_t{0} : (uint64_t{1} << n.bit_size) - 1;
        VReg m = f.vreg();
        f.mov(m, static_cast<int64_t>(mask));
        f.alu64(AluOp::And, v, m);
        if (t->is_signed && n.bit_size < 64) {
            int shift = static_cast<int>(64 - n.bit_size);
            f.alu64(AluOp::Lsh, v, shift);
            f.alu64(AluOp::Arsh, v, shift);
        }
        return v;
    }
    normalize(v, t);
    return v;
}

VReg ClauseGen::builtin(const sema::Node& n) {
    using sema::BuiltinVar;
    VReg r = f.vreg();
    switch (n.builtin) {
        case BuiltinVar::Arg:
            f.load(8, r, scratch, static_cast<int16_t>(abi::scratch_arg(static_cast<uint32_t>(n.value))));
            return r;
        case BuiltinVar::Pid:
            r = current_pid_tgid();
            f.alu64(AluOp::Rsh, r, 32);
            return r;
        case BuiltinVar::Tid:
            r = current_pid_tgid();
            f.mov32(r, r);
            return r;
        case BuiltinVar::Uid:
            r = current_uid_gid();
            f.mov32(r, r);
            return r;
        case BuiltinVar::Gid:
            r = current_uid_gid();
            f.alu64(AluOp::Rsh, r, 32);
            return r;
        case BuiltinVar::Cpu:
            return f.call_helper(bpf::helper::get_smp_processor_id, {});
        case BuiltinVar::Curthread:
            return current_task();
        case BuiltinVar::Timestamp:
            return firing_timestamp();
        case BuiltinVar::Walltimestamp: {
            r = firing_timestamp();
            VReg st = f.vreg();
            f.load_map_value(st, abi::kStateMap, 0);
            VReg off = f.vreg();
            f.load(8, off, st, abi::kStateWallOffset);
            f.alu64(AluOp::Add, r, off);
            return r;
        }
        case BuiltinVar::Epid:
            f.mov(r, epid);
            return r;
        case BuiltinVar::Id:
            f.load(8, r, scratch, abi::kScratchProbeId);
            return r;
        case BuiltinVar::Caller:
            return kernel_caller();
        case BuiltinVar::Stackdepth:
            return kernel_stackdepth();
        case BuiltinVar::Ucaller:
        case BuiltinVar::Ustackdepth:
        case BuiltinVar::Uregs:
            return user_builtin(n);
        case BuiltinVar::Errno:
            return syscall_errno();
        case BuiltinVar::Ipl:
            f.mov(r, static_cast<int64_t>(0));
            return r;
        case BuiltinVar::Vtimestamp:
            return vtimestamp(n);
        case BuiltinVar::Ppid: {
            // Read through the current task_struct with offsets from the kernel's BTF.
            const sema::Type* task = g.types.lookup_tag(sema::TypeKind::Struct, "task_struct");
            const sema::Member* m0 = task ? task->member("real_parent") : nullptr;
            if (!m0) g.error("D_UNKNOWN", n.range, "kernel types are not available for ppid");
            VReg cur = current_task();  // the firing thread's (on-cpu: the incoming one)
            VReg tmp = f.vreg();
            f.mov(tmp, scratch);
            f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
            const sema::Type* parent_t = m0->type->target;
            const sema::Member* m1 = parent_t ? parent_t->member("tgid") : nullptr;
            f.alu64(AluOp::Add, cur, static_cast<int64_t>(m0->offset_bits / 8));
            f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, cur});
            VReg parent = f.vreg();
            f.load(8, parent, tmp, 0);
            f.alu64(AluOp::Add, parent, static_cast<int64_t>(m1 ? m1->offset_bits / 8 : 0));
            f.store(8, tmp, 0, static_cast<int64_t>(0));
            f.call_helper(bpf::helper::probe_read_kernel, {tmp, 4, parent});
            f.load(4, r, tmp, 0);
            normalize(r, n.type);
            return r;
        }
        default:
            g.error("D_UNKNOWN", n.range, "this built-in variable is not yet supported");
    }
}

// Emits "if (a OP b) goto target" (or, with negate, "if !(a OP b)") for a comparison node, with
// an immediate operand when the right side is a small constant.
void ClauseGen::compare_branch(const sema::Node& n, bpf::Label target, bool negate) {
    if (execname_literal_branch(n, target, negate)) return;
    const sema::Type* ta = n.a->type;
    const sema::Type* tb = n.b->type;
    VReg a;
    bpf::Operand b = static_cast<int64_t>(0);
    bool is_signed = true;
    if (ta->is_string() || tb->is_string()) {
        // The operands' temporaries are dead once compared: later comparisons reuse them.
        uint32_t temps = next_temp;
        a = string_compare(string_or_empty(*n.a), string_or_empty(*n.b));
        next_temp = temps;
    } else {
        a = value(*n.a);
        const sema::Type* common = ta->is_arith() && tb->is_arith() ? sema::arith_result(g.types, ta, tb) : nullptr;
        is_signed = common && common->is_signed;
        // Both operands are compared as values of their common type: a 64-bit register holding
        // an int result wider than 32 bits compares as the int it is.
        bool narrow = common && common->is_integer() && common->size < 8;
        if (narrow) normalize(a, common);
        int64_t k = static_cast<int64_t>(n.b->value);
        if (n.b->kind == NodeKind::Int && k >= 0 && k <= INT32_MAX) {
            b = k;
        } else {
            VReg rb = value(*n.b);
            if (narrow) normalize(rb, common);
            b = rb;
        }
    }
    Op op = n.op;
    if (negate) {
        switch (op) {
            case Op::Eq: op = Op::Ne; break;
            case Op::Ne: op = Op::Eq; break;
            case Op::Lt: op = Op::Ge; break;
            case Op::Le: op = Op::Gt; break;
            case Op::Gt: op = Op::Le; break;
            case Op::Ge: op = Op::Lt; break;
            default: break;
        }
    }
    Cond c = Cond::Eq;
    switch (op) {
        case Op::Eq: c = Cond::Eq; break;
        case Op::Ne: c = Cond::Ne; break;
        case Op::Lt: c = is_signed ? Cond::Slt : Cond::Lt; break;
        case Op::Le: c = is_signed ? Cond::Sle : Cond::Le; break;
        case Op::Gt: c = is_signed ? Cond::Sgt : Cond::Gt; break;
        case Op::Ge: c = is_signed ? Cond::Sge : Cond::Ge; break;
        default: break;
    }
    f.branch(c, a, b, target);
}

// "if (!cond) goto target" without building a 0/1 value for comparisons, && and ||.
void ClauseGen::branch_if_false(const sema::Node& n, bpf::Label target) {
    if (n.kind == NodeKind::Binary && n.op >= Op::Lt && n.op <= Op::Ne) {
        compare_branch(n, target, /*negate=*/true);
        return;
    }
    if (n.kind == NodeKind::Logical && n.op == Op::LogAnd) {
        branch_if_false(*n.a, target);
        branch_if_false(*n.b, target);
        return;
    }
    if (n.kind == NodeKind::Logical && n.op == Op::LogOr) {
        bpf::Label yes = f.new_label();
        bpf::Label second = f.new_label();
        branch_if_false(*n.a, second);
        f.jump(yes);
        f.bind(second);
        branch_if_false(*n.b, target);
        f.bind(yes);
        return;
    }
    VReg v = n.type->is_string() ? string(n) : value(n);
    f.branch(Cond::Eq, v, 0, target);
}

VReg ClauseGen::compare(const sema::Node& n) {
    VReg r = f.vreg();
    bpf::Label yes = f.new_label(), done = f.new_label();
    compare_branch(n, yes, false);
    f.mov(r, static_cast<int64_t>(0));
    f.jump(done);
    f.bind(yes);
    f.mov(r, static_cast<int64_t>(1));
    f.bind(done);
    return r;
}

VReg ClauseGen::value(const sema::Node& n) {
    switch (n.kind) {
        case NodeKind::Int: {
            VReg r = f.vreg();
            f.mov(r, static_cast<int64_t>(n.value));
            return r;
        }
        case NodeKind::String: return string(n);
        case NodeKind::Global:
        case NodeKind::ClauseVar: {
            if (n.type->is_string()) return string(n);
            VReg addr = var_address(*n.var);
            VReg r = f.vreg();
            f.load(static_cast<int>(n.type->size), r, addr, 0);
            normalize(r, n.type);
            return r;
        }
        case NodeKind::Builtin:
            if (n.type->is_string()) return string(n);
            return builtin(n);
        case NodeKind::Load:
            if (n.type->kind == sema::TypeKind::Array) return string(n);
            return load_memory(n);
        case NodeKind::AddrOf: return address_of(*n.a);
        case NodeKind::Cast: {
            if (n.type->is_string()) return string(n);
            VReg r = value(*n.a);
            typecast(r, n.a->type, n.type);
            return r;
        }
        case NodeKind::Unary: {
            VReg r = value(*n.a);
            switch (n.op) {
                case Op::Neg: f.neg(r); break;
                case Op::BitNot: f.alu64(AluOp::Xor, r, static_cast<int64_t>(-1)); break;
                case Op::Not: {
                    bpf::Label zero = f.new_label(), done = f.new_label();
                    f.branch(Cond::Eq, r, 0, zero);
                    f.mov(r, static_cast<int64_t>(0));
                    f.jump(done);
                    f.bind(zero);
                    f.mov(r, static_cast<int64_t>(1));
                    f.bind(done);
                    return r;
                }
                default: break;
            }
            return r;  // 64 bits, as DTrace's registers: narrowed where stored or recorded
        }
        case NodeKind::Logical: {
            // && and || short-circuit; ^^ evaluates both sides.
            VReg r = f.vreg();
            bpf::Label done = f.new_label();
            if (n.op == Op::LogXor) {
                VReg a = value(*n.a);
                VReg b = value(*n.b);
                VReg ta = f.vreg(), tb = f.vreg();
                f.mov(ta, static_cast<int64_t>(0));
                f.mov(tb, static_cast<int64_t>(0));
                bpf::Label az = f.new_label(), bz = f.new_label();
                f.branch(Cond::Eq, a, 0, az);
                f.mov(ta, static_cast<int64_t>(1));
                f.bind(az);
                f.branch(Cond::Eq, b, 0, bz);
                f.mov(tb, static_cast<int64_t>(1));
                f.bind(bz);
                f.mov(r, ta);
                f.alu64(AluOp::Xor, r, tb);
                return r;
            }
            bool is_and = n.op == Op::LogAnd;
            f.mov(r, static_cast<int64_t>(is_and ? 0 : 1));
            VReg a = value(*n.a);
            f.branch(is_and ? Cond::Eq : Cond::Ne, a, 0, done);
            VReg b = value(*n.b);
            f.branch(is_and ? Cond::Eq : Cond::Ne, b, 0, done);
            f.mov(r, static_cast<int64_t>(is_and ? 1 : 0));
            f.bind(done);
            return r;
        }
        case NodeKind::Binary: {
            if (n.op >= Op::Lt && n.op <= Op::Ne) return compare(n);
            // A string operand of + and - is the address of its characters, as a plain number:
            // the sum may point anywhere (string(n) copies what it points at; a nested sum
            // stays a number).
            auto operand = [&](const sema::Node& x) {
                return x.type->is_string() && x.kind != NodeKind::Binary ? as_number(string(x))
                                                                         : value(x);
            };
            VReg a = operand(*n.a);
            VReg b = operand(*n.b);
            const sema::Type* t = n.type;
            // Pointer arithmetic scales the integer operand by the pointee size.
            if (t->is_pointer() && (n.op == Op::Add || n.op == Op::Sub)) {
                if (n.a->type->is_pointer() && n.b->type->is_integer()) {
                    if (t->target->size > 1) f.alu64(AluOp::Mul, b, static_cast<int64_t>(t->target->size));
                } else if (n.b->type->is_pointer() && n.a->type->is_integer()) {
                    if (t->target->size > 1) f.alu64(AluOp::Mul, a, static_cast<int64_t>(t->target->size));
                }
                f.alu64(n.op == Op::Add ? AluOp::Add : AluOp::Sub, a, b);
                return a;
            }
            if (n.a->type->is_pointer() && n.b->type->is_pointer()) {  // ptr - ptr
                f.alu64(AluOp::Sub, a, b);
                if (n.a->type->target->size > 1)
                    f.alu64(AluOp::SDiv, a, static_cast<int64_t>(n.a->type->target->size));
                return a;
            }
            bool is_signed = t->is_signed;
            if ((n.op == Op::Div || n.op == Op::Mod)) {
                bpf::Label ok = f.new_label();
                f.branch(Cond::Ne, b, 0, ok);
                fault(abi::kFaultDivZero, VReg{});
                f.bind(ok);
            }
            // DTrace computes in 64-bit registers: each operand is converted to the result's
            // type (the usual arithmetic conversions, as casts: an int operand of a long
            // operation is sign-extended from its 32 bits), and the result is not narrowed
            // until it is stored, recorded or cast (an int product may exceed 32 bits).
            typecast(a, n.a->type, t);
            if (n.op != Op::Shl && n.op != Op::Shr) typecast(b, n.b->type, t);
            f.alu64(alu_op(n.op, is_signed), a, b);
            return a;
        }
        case NodeKind::Cond: {
            VReg r = f.vreg();
            VReg c = value(*n.a);
            bpf::Label no = f.new_label(), done = f.new_label();
            f.branch(Cond::Eq, c, 0, no);
            VReg y = n.type->is_string() ? string(*n.b) : value(*n.b);
            f.mov(r, y);
            f.jump(done);
            f.bind(no);
            VReg z = n.type->is_string() ? string(*n.c) : value(*n.c);
            f.mov(r, z);
            f.bind(done);
            return r;
        }
        case NodeKind::Assign: {
            VReg r;
            assign(n, &r);
            return r;
        }
        case NodeKind::DynVar: {
            VReg p = dynvar_read(*n.var, n.args);
            VReg r = f.vreg();
            f.load(static_cast<int>(n.type->size), r, p, 0);
            normalize(r, n.type);
            return r;
        }
        case NodeKind::IncDec: {
            if (!n.var) return memory_incdec(n);
            if (n.var->dynamic()) return dynvar_incdec(n);
            VReg addr = var_address(*n.var);  // a global or this-> variable
            return incdec(n, addr, [&](VReg v) { store_lvalue(*n.a, addr, v); });
        }
        // As a number: D may add any integer to it (the verifier bounds a pointer's offsets).
        case NodeKind::VarAddr: return as_number(var_storage(n, /*write=*/false));
        case NodeKind::Store: return store(n);
        case NodeKind::Comma: {
            if (n.a->type->is_string()) string(*n.a);
            else value(*n.a);
            return n.type->is_string() ? string(*n.b) : value(*n.b);
        }
        case NodeKind::Subr: return subroutine(n);
        default:
            g.error("D_UNKNOWN", n.range, "this expression is not yet supported by the code generator");
    }
}

// A subroutine's value (for a string: the address of its buffer), from the file of its group.
VReg ClauseGen::subroutine(const sema::Node& n) {
    if (SubrLowering lower = subr_lowering(n.subr)) return lower(*this, n);
    g.error("D_UNKNOWN", n.range, "this subroutine is not yet supported by the code generator");
}

VReg ClauseGen::combine(Op op_kind, const sema::Type* t, VReg old, VReg val) {
    AluOp op = alu_op(op_kind, t->is_signed);
    if (op == AluOp::Div || op == AluOp::Mod || op == AluOp::SDiv || op == AluOp::SMod) {
        bpf::Label ok = f.new_label();
        f.branch(Cond::Ne, val, 0, ok);
        fault(abi::kFaultDivZero, VReg{});
        f.bind(ok);
    }
    if (t->is_pointer() && (op == AluOp::Add || op == AluOp::Sub) && t->target->size > 1)
        f.alu64(AluOp::Mul, val, static_cast<int64_t>(t->target->size));
    f.alu64(op, old, val);
    return old;
}

void ClauseGen::assign(const sema::Node& n, VReg* result) {
    const sema::Variable& v = *n.var;
    if (v.dynamic()) return dynvar_assign(n, result);
    if (v.type->is_string()) {
        VReg r = assign_var_string(v, *n.b);
        if (result) *result = r;
        return;
    }
    if (v.type->is_record()) {  // a whole struct or union: its bytes
        VReg dst = var_address(v);
        copy_record(dst, *n.b, v.type->size);
        if (result) *result = dst;
        return;
    }
    // x op= e reads x before it evaluates e, as DTrace does (`i += i++` adds the old i).
    VReg old;
    if (n.op != Op::Assign) {
        VReg at = var_address(v);
        old = f.vreg();
        f.load(static_cast<int>(v.type->size), old, at, 0);
        normalize(old, v.type);
    }
    VReg val = value(*n.b);
    VReg addr = var_address(v);
    if (n.op != Op::Assign) val = combine(n.op, v.type, old, val);
    normalize(val, v.type);
    f.store(static_cast<int>(v.type->size), addr, 0, val);
    if (result) *result = val;
}

// caller and ucaller: the second frame of the stack just written at the scratch area's stack
// room (`bytes`: what bpf_get_stack returned), 0 when there is none.
VReg ClauseGen::second_frame(VReg bytes) {
    VReg r = f.vreg(), buf = f.vreg();
    bpf::Label none = f.new_label(), done = f.new_label();
    f.branch(Cond::Slt, bytes, 16, none);
    f.mov(buf, scratch);
    f.load(8, r, buf, static_cast<int16_t>(g.layout.stack + 8));
    f.jump(done);
    f.bind(none);
    f.mov(r, static_cast<int64_t>(0));
    f.bind(done);
    return r;
}

}  // namespace bdtrace::codegen
