// Dynamic variables: self->x, a[k...] and self->a[k...] in one hash map (abi::kDynVarMap). The key
// is {dyn id, 0, thread id for self-> (else 0), key tuple}; reading an element that does not
// exist gives zeros (a string: NULL), assigning zero (a string: NULL) deletes the element, and a
// store the full map refuses is counted as a dynamic variable drop.
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;

namespace {

bool is_string_key(const sema::Type* t) { return t->is_string() || t->kind == sema::TypeKind::Array; }

uint32_t record_bytes(const sema::Type* t) { return static_cast<uint32_t>((t->size + 7) / 8 * 8); }

}  // namespace

// The key of v[keys] in the scratch key buffer. The key expressions are evaluated first: they
// may read dynamic variables themselves, which uses the same buffer.
VReg ClauseGen::dynvar_key(const sema::Variable& v, const std::vector<sema::NodePtr>& keys) {
    std::vector<VReg> vals;
    for (const auto& k : keys) {
        if (k->type->is_record()) {  // a struct key: the address of its bytes
            bool user = false;
            vals.push_back(record_address(*k, &user));
            continue;
        }
        vals.push_back(is_string_key(k->type) ? string_operand(*k) : value(*k));
    }
    VReg key = f.vreg();
    f.mov(key, scratch);
    f.alu64(AluOp::Add, key, static_cast<int64_t>(g.layout.dyn_key));
    for (uint32_t off = 0; off < g.layout.dyn_value - g.layout.dyn_key; off += 8)
        f.store(8, key, static_cast<int16_t>(off), 0);
    f.store(4, key, 0, static_cast<int64_t>(v.dyn_id));
    if (v.scope == sema::Variable::Scope::Thread) {
        VReg tid = current_pid_tgid();
        f.mov32(tid, tid);  // the thread id is the low half
        f.store(8, key, 8, tid);
    }
    uint32_t off = 16;
    for (size_t i = 0; i < keys.size(); ++i) {
        if (keys[i]->type->is_record()) {
            VReg dst = f.vreg();
            f.mov(dst, key);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(off));
            VReg rc = f.call_helper(bpf::helper::probe_read_kernel,
                                    {dst, static_cast<int64_t>(keys[i]->type->size), vals[i]});
            bpf::Label ok = f.new_label();
            f.branch(Cond::Eq, rc, 0, ok);
            fault(abi::kFaultBadAddr, vals[i]);
            f.bind(ok);
            off += record_bytes(keys[i]->type);
        } else if (is_string_key(keys[i]->type)) {
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

// The element's value, or the zeros of one never assigned (a string's: NULL, 0).
VReg ClauseGen::dynvar_lookup(VReg key, bool null_if_missing) {
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kDynVarMap);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    bpf::Label found = f.new_label();
    f.branch(Cond::Ne, p, 0, found);
    if (null_if_missing) {
        f.mov(p, static_cast<int64_t>(0));  // a plain number to the verifier, not a maybe-pointer
    } else {
        f.mov(p, scratch);
        f.alu64(AluOp::Add, p, static_cast<int64_t>(g.layout.dyn_zero));
    }
    f.bind(found);
    return p;
}

// Stores a scalar (value) or a string (address) under `key`, or deletes the element when the
// value is zero or the string NULL (the empty string is a value like any other).
void ClauseGen::dynvar_store(VReg key, VReg v, const sema::Type* t) {
    VReg buf = f.vreg();
    f.mov(buf, scratch);
    f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.dyn_value));
    VReg map = f.vreg();
    bpf::Label remove = f.new_label(), done = f.new_label();
    f.branch(Cond::Eq, v, 0, remove);
    if (t->is_string()) copy_string(buf, v);
    else f.store(8, buf, 0, v);
    f.load_map_fd(map, abi::kDynVarMap);
    VReg rc = f.call_helper(bpf::helper::map_update_elem, {map, key, buf, 0});
    f.branch(Cond::Eq, rc, 0, done);
    count_drop(abi::kScratchDynDrops);
    f.jump(done);
    f.bind(remove);
    f.load_map_fd(map, abi::kDynVarMap);
    f.call_helper(bpf::helper::map_delete_elem, {map, key});
    f.bind(done);
}

// The element v[keys] for writing in place (a struct member store): created zeroed when it does
// not exist. When the map is full the store is a dynamic variable drop and goes to a scratch
// buffer that nothing reads.
VReg ClauseGen::dynvar_element(const sema::Variable& v, const std::vector<sema::NodePtr>& keys) {
    VReg key = dynvar_key(v, keys);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kDynVarMap);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    bpf::Label done = f.new_label();
    f.branch(Cond::Ne, p, 0, done);
    VReg zero = f.vreg();
    f.mov(zero, scratch);
    f.alu64(AluOp::Add, zero, static_cast<int64_t>(g.layout.dyn_zero));
    f.load_map_fd(map, abi::kDynVarMap);
    f.call_helper(bpf::helper::map_update_elem, {map, key, zero, 1 /* BPF_NOEXIST */});
    f.load_map_fd(map, abi::kDynVarMap);
    VReg q = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    f.mov(p, q);
    f.branch(Cond::Ne, p, 0, done);
    count_drop(abi::kScratchDynDrops);
    f.mov(p, scratch);
    f.alu64(AluOp::Add, p, static_cast<int64_t>(g.layout.dyn_value));
    f.bind(done);
    return p;
}

// A variable's storage: a global's or this->'s, or a dynamic variable's element (for reading:
// its zeros when it has none; for writing: created).
VReg ClauseGen::var_storage(const sema::Node& va, bool write) {
    const sema::Variable& v = *va.var;
    if (!v.dynamic()) return var_address(v);
    return write ? dynvar_element(v, va.args) : dynvar_read(v, va.args);
}

void ClauseGen::dynvar_assign(const sema::Node& n, VReg* result) {
    const sema::Variable& v = *n.var;
    if (v.type->is_record()) {
        // A struct or union: its bytes, copied to the value buffer; zero deletes the element.
        VReg key;
        VReg map = f.vreg();
        if (n.b->kind == NodeKind::Int) {
            key = dynvar_key(v, n.args);
            f.load_map_fd(map, abi::kDynVarMap);
            f.call_helper(bpf::helper::map_delete_elem, {map, key});
            if (result) *result = dynvar_lookup(key);
            return;
        }
        VReg buf = f.vreg();
        f.mov(buf, scratch);
        f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.dyn_value));
        copy_record(buf, *n.b, v.type->size);
        key = dynvar_key(v, n.args);
        f.load_map_fd(map, abi::kDynVarMap);
        VReg rc = f.call_helper(bpf::helper::map_update_elem, {map, key, buf, 0});
        bpf::Label done = f.new_label();
        f.branch(Cond::Eq, rc, 0, done);
        count_drop(abi::kScratchDynDrops);
        f.bind(done);
        if (result) *result = buf;
        return;
    }
    if (v.type->is_string()) {
        VReg src = string(*n.b);
        VReg key = dynvar_key(v, n.args);
        dynvar_store(key, src, v.type);
        if (result) {  // the value stored, or NULL
            VReg buf = f.vreg();
            f.mov(buf, static_cast<int64_t>(0));
            bpf::Label null = f.new_label();
            f.branch(Cond::Eq, src, 0, null);
            f.mov(buf, scratch);
            f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.dyn_value));
            f.bind(null);
            *result = buf;
        }
        return;
    }
    // x op= e reads x before it evaluates e (DTrace's dt_cg_arithmetic_op: left, then right),
    // and finds the element again to store it, since e may build keys of its own.
    VReg old;
    if (n.op != sema::Op::Assign) {
        VReg p = dynvar_lookup(dynvar_key(v, n.args));
        old = f.vreg();
        f.load(static_cast<int>(v.type->size), old, p, 0);
        normalize(old, v.type);
    }
    VReg val = value(*n.b);
    VReg key = dynvar_key(v, n.args);
    if (n.op != sema::Op::Assign) val = combine(n.op, v.type, old, val);
    normalize(val, v.type);
    dynvar_store(key, val, v.type);
    if (result) *result = val;
}

// ++ and -- on a dynamic variable's element: found once, stored as an assignment stores it (a
// zero deletes it).
VReg ClauseGen::dynvar_incdec(const sema::Node& n) {
    const sema::Node& target = *n.a;  // the DynVar
    VReg key = dynvar_key(*target.var, target.args);
    return incdec(n, dynvar_lookup(key), [&](VReg v) { dynvar_store(key, v, n.type); });
}

}  // namespace bdtrace::codegen
