// The IR builder: records instructions over virtual registers and checks what can be checked at
// the call site (operand kinds, sizes, immediate ranges). See ir.h for the instruction set.
#include "bpf/ir.h"

#include <algorithm>
#include <limits>

namespace bdtrace::bpf {

namespace {

bool fits_i32(int64_t v) {
    return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

}  // namespace

bool atomic_fetches(AtomicOp op) {
    return op == AtomicOp::FetchAdd || op == AtomicOp::FetchOr || op == AtomicOp::FetchAnd ||
           op == AtomicOp::FetchXor || op == AtomicOp::Xchg;
}

Function::Function(FunctionId id, std::string name, uint32_t params)
    : id_(id), name_(std::move(name)), params_count_(id == 0 ? 1 : params) {
    if (params_count_ > 5)
        fail("BPF functions take at most 5 arguments, not " + std::to_string(params_count_));
    // The Entry pseudo-instruction defines the parameters; param() fills in its operands.
    Inst& e = emit(Op::Entry);
    e.args.assign(5, Operand(VReg()));
}

Inst& Function::emit(Op op) {
    Inst& i = insts_.emplace_back();
    i.op = op;
    i.note = cur_note_;
    return i;
}

void Function::fail(const std::string& msg) {
    if (error_.empty()) error_ = "function " + name_ + ": " + msg;
}

bool Function::writable(VReg r, const char* what) {
    if (r == kFrameVReg) {
        fail(std::string(what) + " writes the read-only frame pointer r10");
        return false;
    }
    return readable(r, what);
}

bool Function::readable(VReg r, const char* what) {
    if (!r.valid() || r.id >= next_vreg_) {
        fail(std::string(what) + " names a register this function did not create");
        return false;
    }
    return true;
}

bool Function::check_size(int size, const char* what) {
    if (size == 1 || size == 2 || size == 4 || size == 8) return true;
    fail(std::string(what) + " of " + std::to_string(size) + " bytes (must be 1, 2, 4 or 8)");
    return false;
}

Operand Function::fit32(Operand o) {
    if (!o.is_imm || fits_i32(o.imm)) return o;
    VReg t = vreg();
    mov(t, o.imm);
    return t;
}

VReg Function::vreg() {
    return VReg(next_vreg_++);
}

VReg Function::param(int i) {
    if (i < 0 || i >= 5) {
        fail("param(" + std::to_string(i) + "): BPF functions take at most 5 arguments");
        return vreg();
    }
    if (!params_[i].valid()) {
        params_count_ = std::max(params_count_, static_cast<uint32_t>(i + 1));
        params_[i] = vreg();
        insts_[0].args[i] = params_[i];
    }
    return params_[i];
}

void Function::mov(VReg dst, VReg src) {
    if (!writable(dst, "mov") || !readable(src, "mov")) return;
    Inst& i = emit(Op::Mov);
    i.dst = dst;
    i.a = src;
}

void Function::mov(VReg dst, int64_t imm) {
    if (!writable(dst, "mov")) return;
    Inst& i = emit(Op::MovImm);
    i.dst = dst;
    i.imm = imm;
}

void Function::mov32(VReg dst, VReg src) {
    if (!writable(dst, "mov32") || !readable(src, "mov32")) return;
    Inst& i = emit(Op::Mov);
    i.dst = dst;
    i.a = src;
    i.is32 = true;
}

void Function::movsx(VReg dst, VReg src, int bits) {
    if (!writable(dst, "movsx") || !readable(src, "movsx")) return;
    if (bits != 8 && bits != 16 && bits != 32)
        return fail("movsx from " + std::to_string(bits) + " bits");
    Inst& i = emit(Op::Mov);
    i.dst = dst;
    i.a = src;
    i.size = static_cast<uint8_t>(bits / 8);
}

// Constant operands the verifier refuses although BPF defines the result: division by the
// constant 0 ("div by zero"; the result is 0, and modulo leaves dst) and shifts by the width or
// more ("invalid shift"; register shifts use the count modulo the width, so constants do too).
// Returns true when the operation has been emitted in another form.
bool Function::constant_special(AluOp op, VReg dst, Operand& src, bool is32) {
    if (!src.is_imm) return false;
    if (op == AluOp::Lsh || op == AluOp::Rsh || op == AluOp::Arsh) {
        src.imm &= is32 ? 31 : 63;
        return false;
    }
    if (src.imm != 0) return false;
    if (op == AluOp::Div || op == AluOp::SDiv) {
        Inst& i = emit(Op::MovImm);
        i.dst = dst;
        return true;
    }
    if (op == AluOp::Mod || op == AluOp::SMod) {
        if (is32) mov32(dst, dst);  // a 32-bit operation still zero-extends dst
        return true;
    }
    return false;
}

void Function::alu64(AluOp op, VReg dst, Operand src) {
    if (!writable(dst, "alu64")) return;
    if (!src.is_imm && !readable(src.reg, "alu64")) return;
    if (constant_special(op, dst, src, false)) return;
    src = fit32(src);
    Inst& i = emit(Op::Alu);
    i.sub = static_cast<uint8_t>(op);
    i.dst = dst;
    if (src.is_imm)
        i.imm = src.imm;
    else
        i.a = src.reg;
}

void Function::alu32(AluOp op, VReg dst, Operand src) {
    if (!writable(dst, "alu32")) return;
    if (!src.is_imm && !readable(src.reg, "alu32")) return;
    if (src.is_imm && (src.imm < std::numeric_limits<int32_t>::min() ||
                       src.imm > std::numeric_limits<uint32_t>::max()))
        return fail("alu32 immediate " + std::to_string(src.imm) + " does not fit 32 bits");
    if (constant_special(op, dst, src, true)) return;
    Inst& i = emit(Op::Alu);
    i.sub = static_cast<uint8_t>(op);
    i.is32 = true;
    i.dst = dst;
    if (src.is_imm)
        i.imm = static_cast<int32_t>(static_cast<uint32_t>(src.imm));
    else
        i.a = src.reg;
}

void Function::alu64(AluOp op, VReg dst, VReg a, Operand b) {
    // dst = a op b; when b is dst itself, copying a first would destroy it.
    if (!b.is_imm && b.reg == dst && a != dst) {
        VReg t = vreg();
        mov(t, b.reg);
        b = t;
    }
    if (a != dst) mov(dst, a);
    alu64(op, dst, b);
}

void Function::alu32(AluOp op, VReg dst, VReg a, Operand b) {
    if (!b.is_imm && b.reg == dst && a != dst) {
        VReg t = vreg();
        mov(t, b.reg);
        b = t;
    }
    if (a != dst) mov(dst, a);
    alu32(op, dst, b);
}

void Function::neg(VReg dst, bool is32) {
    if (!writable(dst, "neg")) return;
    Inst& i = emit(Op::Neg);
    i.dst = dst;
    i.is32 = is32;
}

void Function::bswap(VReg dst, int bits, bool to_be) {
    if (!writable(dst, "bswap")) return;
    if (bits != 16 && bits != 32 && bits != 64)
        return fail("bswap of " + std::to_string(bits) + " bits (must be 16, 32 or 64)");
    Inst& i = emit(Op::Bswap);
    i.dst = dst;
    i.size = static_cast<uint8_t>(bits / 8);
    i.flag = to_be;
}

void Function::load_imm64(VReg dst, uint64_t value) {
    if (!writable(dst, "load_imm64")) return;
    Inst& i = emit(Op::LoadImm64);
    i.dst = dst;
    i.imm = static_cast<int64_t>(value);
}

void Function::load_map_fd(VReg dst, MapRef map) {
    if (!writable(dst, "load_map_fd")) return;
    Inst& i = emit(Op::LoadMap);
    i.dst = dst;
    i.sub = static_cast<uint8_t>(MapLoad::Fd);
    i.target = map;
}

void Function::load_map_value(VReg dst, MapRef map, uint32_t offset) {
    if (!writable(dst, "load_map_value")) return;
    Inst& i = emit(Op::LoadMap);
    i.dst = dst;
    i.sub = static_cast<uint8_t>(MapLoad::Value);
    i.target = map;
    i.off = static_cast<int32_t>(offset);
}

void Function::load_func(VReg dst, FunctionId callee) {
    if (!writable(dst, "load_func")) return;
    Inst& i = emit(Op::LoadMap);
    i.dst = dst;
    i.sub = static_cast<uint8_t>(MapLoad::Func);
    i.target = callee;
}

void Function::load(int size, VReg dst, VReg base, int16_t off) {
    if (!check_size(size, "load") || !writable(dst, "load") || !readable(base, "load")) return;
    Inst& i = emit(Op::Load);
    i.size = static_cast<uint8_t>(size);
    i.dst = dst;
    i.a = base;
    i.off = off;
}

void Function::load_sx(int size, VReg dst, VReg base, int16_t off) {
    if (size == 8) return load(size, dst, base, off);
    if (!check_size(size, "load_sx") || !writable(dst, "load_sx") || !readable(base, "load_sx"))
        return;
    Inst& i = emit(Op::Load);
    i.size = static_cast<uint8_t>(size);
    i.dst = dst;
    i.a = base;
    i.off = off;
    i.flag = true;
}

void Function::store(int size, VReg base, int16_t off, Operand src) {
    if (!check_size(size, "store") || !readable(base, "store")) return;
    if (!src.is_imm && !readable(src.reg, "store")) return;
    src = fit32(src);
    Inst& i = emit(Op::Store);
    i.size = static_cast<uint8_t>(size);
    i.a = base;
    i.off = off;
    i.b_imm = src.is_imm;
    i.b = src.reg;
    i.imm = src.imm;
}

void Function::load(int size, VReg dst, StackSlot slot, int32_t off) {
    if (!check_size(size, "load") || !writable(dst, "load")) return;
    if (slot.id >= objects_.size()) return fail("load from an unknown stack object");
    Inst& i = emit(Op::Load);
    i.size = static_cast<uint8_t>(size);
    i.dst = dst;
    i.slot = slot.id;
    i.off = off;
}

void Function::store(int size, StackSlot slot, int32_t off, Operand src) {
    if (!check_size(size, "store")) return;
    if (!src.is_imm && !readable(src.reg, "store")) return;
    if (slot.id >= objects_.size()) return fail("store to an unknown stack object");
    src = fit32(src);
    Inst& i = emit(Op::Store);
    i.size = static_cast<uint8_t>(size);
    i.slot = slot.id;
    i.off = off;
    i.b_imm = src.is_imm;
    i.b = src.reg;
    i.imm = src.imm;
}

void Function::atomic(AtomicOp op, int size, VReg base, int16_t off, VReg val) {
    if (size != 4 && size != 8) return fail("atomic access of " + std::to_string(size) + " bytes");
    if (!readable(base, "atomic")) return;
    if (atomic_fetches(op) ? !writable(val, "atomic") : !readable(val, "atomic")) return;
    Inst& i = emit(Op::Atomic);
    i.sub = static_cast<uint8_t>(op);
    i.size = static_cast<uint8_t>(size);
    i.a = base;
    i.b = val;
    i.off = off;
}

StackSlot Function::alloc_stack(uint32_t size, uint32_t align) {
    // The verifier checks stack accesses for alignment against r10, which it knows to be
    // 8-aligned; a larger alignment could not be expressed.
    if (align == 0 || (align & (align - 1)) != 0 || align > 8) {
        fail("stack object alignment " + std::to_string(align) + " (must be 1, 2, 4 or 8)");
        align = 8;
    }
    objects_.push_back({size == 0 ? 1 : size, align});
    return StackSlot{static_cast<uint32_t>(objects_.size() - 1)};
}

void Function::addr_of(VReg dst, StackSlot slot, int32_t extra_off) {
    if (!writable(dst, "addr_of")) return;
    if (slot.id >= objects_.size()) return fail("addr_of an unknown stack object");
    Inst& i = emit(Op::AddrOf);
    i.dst = dst;
    i.slot = slot.id;
    i.off = extra_off;
}

VReg Function::call_common(CallKind kind, uint32_t target, std::vector<Operand> args) {
    VReg result = vreg();
    if (args.size() > 5) {
        fail("call with " + std::to_string(args.size()) + " arguments (at most 5)");
        args.resize(5);
    }
    for (const Operand& a : args)
        if (!a.is_imm && !readable(a.reg, "call argument")) return result;
    Inst& i = emit(Op::Call);
    i.sub = static_cast<uint8_t>(kind);
    i.target = target;
    i.dst = result;
    i.args = std::move(args);
    return result;
}

VReg Function::call_helper(int32_t helper_id, std::vector<Operand> args) {
    return call_common(CallKind::Helper, static_cast<uint32_t>(helper_id), std::move(args));
}

VReg Function::call_kfunc(int32_t btf_id, std::vector<Operand> args) {
    return call_common(CallKind::Kfunc, static_cast<uint32_t>(btf_id), std::move(args));
}

VReg Function::call(FunctionId callee, std::vector<Operand> args) {
    return call_common(CallKind::Local, callee, std::move(args));
}

Label Function::new_label() {
    label_bound_.push_back(false);
    return Label{next_label_++};
}

void Function::bind(Label l) {
    if (l.id >= next_label_) return fail("bind of an unknown label");
    if (label_bound_[l.id]) return fail("label " + std::to_string(l.id) + " bound twice");
    label_bound_[l.id] = true;
    emit(Op::Label).target = l.id;
}

void Function::jump(Label l) {
    if (l.id >= next_label_) return fail("jump to an unknown label");
    emit(Op::Jump).target = l.id;
}

void Function::branch(Cond c, VReg a, Operand b, Label target, bool is32) {
    if (target.id >= next_label_) return fail("branch to an unknown label");
    if (!readable(a, "branch")) return;
    if (!b.is_imm && !readable(b.reg, "branch")) return;
    if (is32 && b.is_imm) {
        if (b.imm < std::numeric_limits<int32_t>::min() ||
            b.imm > std::numeric_limits<uint32_t>::max())
            return fail("32-bit branch immediate " + std::to_string(b.imm) + " does not fit");
        b.imm = static_cast<int32_t>(static_cast<uint32_t>(b.imm));
    }
    b = fit32(b);
    Inst& i = emit(Op::Branch);
    i.sub = static_cast<uint8_t>(c);
    i.is32 = is32;
    i.a = a;
    i.b_imm = b.is_imm;
    i.b = b.reg;
    i.imm = b.imm;
    i.target = target.id;
}

void Function::ret(Operand value) {
    if (!value.is_imm && !readable(value.reg, "ret")) return;
    Inst& i = emit(Op::Ret);
    i.b_imm = value.is_imm;
    i.a = value.reg;
    i.imm = value.imm;
}

void Function::set_source(int line, std::string text) {
    if (cur_note_ != 0) {
        const SourceNote& n = notes_[cur_note_ - 1];
        if (n.line == line && n.text == text) return;
    }
    notes_.push_back({line, std::move(text)});
    cur_note_ = static_cast<uint32_t>(notes_.size());
}

Function& Program::add_function(std::string name, uint32_t params) {
    auto id = static_cast<FunctionId>(funcs_.size());
    funcs_.push_back(std::make_unique<Function>(id, std::move(name), params));
    return *funcs_.back();
}

}  // namespace bdtrace::bpf
