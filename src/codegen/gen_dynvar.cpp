// Dynamic variables: self->x, a[k...] and self->a[k...] in one hash map (abi::kDynVarMap). The key
// is {dyn id, 0, thread id for self-> (else 0), key tuple}; reading an element that does not
// exist gives zeros, assigning zero (or an empty string) deletes the element, and a store the
// full map refuses is counted as a dynamic variable drop.
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;

namespace {

bool is_string_key(const sema::Type* t) { return t->is_string() || t->kind == sema::TypeKind::Array; }

}  // namespace

// The key of v[keys] in the scratch key buffer. The key expressions are evaluated first: they
// may read dynamic variables themselves, which uses the same buffer.
VReg ClauseGen::dynvar_key(const sema::Variable& v, const std::vector<sema::NodePtr>& keys) {
    std::vector<VReg> vals;
    for (const auto& k : keys) vals.push_back(is_string_key(k->type) ? string_operand(*k) : value(*k));
    VReg key = f.vreg();
    f.mov(key, scratch);
    f.alu64(AluOp::Add, key, static_cast<int64_t>(g.dyn_key_offset));
    for (uint32_t off = 0; off < g.dyn_value_offset - g.dyn_key_offset; off += 8)
        f.store(8, key, static_cast<int16_t>(off), 0);
    f.store(4, key, 0, static_cast<int64_t>(v.dyn_id));
    if (v.scope == sema::Variable::Scope::Thread) {
        VReg tid = current_pid_tgid();
        f.mov32(tid, tid);  // the thread id is the low half
        f.store(8, key, 8, tid);
    }
    uint32_t off = 16;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (is_string_key(keys[i]->type)) {
            VReg dst = f.vreg();
            f.mov(dst, key);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(off));
            copy_string(dst, vals[i]);
            off += (g.strsize + 7) / 8 * 8;
        } else {
            f.store(8, key, static_cast<int16_t>(off), vals[i]);
            off += 8;
        }
    }
    return key;
}

VReg ClauseGen::dynvar_read(const sema::Variable& v, const std::vector<sema::NodePtr>& keys) {
    return dynvar_lookup(dynvar_key(v, keys));
}

// The element's value, or the zeros of one never assigned.
VReg ClauseGen::dynvar_lookup(VReg key) {
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kDynVarMap);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    bpf::Label found = f.new_label();
    f.branch(Cond::Ne, p, 0, found);
    f.mov(p, scratch);
    f.alu64(AluOp::Add, p, static_cast<int64_t>(g.dyn_zero_offset));
    f.bind(found);
    return p;
}

// Stores a scalar (value) or a string (address) under `key`, or deletes the element when the
// value is zero or the string empty.
void ClauseGen::dynvar_store(VReg key, VReg v, const sema::Type* t) {
    VReg buf = f.vreg();
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.dyn_value_offset));
    VReg test = f.vreg();
    if (t->is_string()) {
        copy_string(buf, v);
        f.load(1, test, buf, 0);
    } else {
        f.store(8, buf, 0, v);
        f.mov(test, v);
    }
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kDynVarMap);
    bpf::Label remove = f.new_label(), done = f.new_label();
    f.branch(Cond::Eq, test, 0, remove);
    VReg rc = f.call_helper(bpf::helper::map_update_elem, {map, key, buf, 0});
    f.branch(Cond::Eq, rc, 0, done);
    count_drop(abi::kScratchDynDrops);
    f.jump(done);
    f.bind(remove);
    f.call_helper(bpf::helper::map_delete_elem, {map, key});
    f.bind(done);
}

void ClauseGen::dynvar_assign(const sema::Node& n, VReg* result) {
    const sema::Variable& v = *n.var;
    if (v.type->is_string()) {
        VReg src = string(*n.b);
        VReg key = dynvar_key(v, n.args);
        dynvar_store(key, src, v.type);
        if (result) {
            VReg buf = f.vreg();
            f.mov(buf, scratch);
            f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.dyn_value_offset));
            *result = buf;
        }
        return;
    }
    VReg val = value(*n.b);
    VReg key = dynvar_key(v, n.args);
    if (n.op != sema::Op::Assign) {
        VReg p = dynvar_lookup(key);
        VReg old = f.vreg();
        f.load(static_cast<int>(v.type->size), old, p, 0);
        normalize(old, v.type);
        val = combine(n.op, v.type, old, val);
    }
    normalize(val, v.type);
    dynvar_store(key, val, v.type);
    if (result) *result = val;
}

VReg ClauseGen::dynvar_incdec(const sema::Node& n) {
    const sema::Node& target = *n.a;  // the DynVar
    VReg key = dynvar_key(*target.var, target.args);
    VReg p = dynvar_lookup(key);
    VReg old = f.vreg();
    f.load(static_cast<int>(n.type->size), old, p, 0);
    normalize(old, n.type);
    VReg nv = f.vreg();
    f.mov(nv, old);
    int64_t step = n.type->is_pointer() ? static_cast<int64_t>(n.type->target->size) : 1;
    bool inc = n.op == sema::Op::PreInc || n.op == sema::Op::PostInc;
    f.alu64(inc ? AluOp::Add : AluOp::Sub, nv, step);
    normalize(nv, n.type);
    dynvar_store(key, nv, n.type);
    return (n.op == sema::Op::PreInc || n.op == sema::Op::PreDec) ? nv : old;
}

}  // namespace bdtrace::codegen
