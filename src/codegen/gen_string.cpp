// Strings: a string value is a pointer to a NUL-terminated buffer of at most strsize bytes, in
// the strings map (constants), a variable's storage, or a per-CPU temporary.
#include <algorithm>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::NodeKind;

VReg ClauseGen::string_temp() {
    if (next_temp >= ScratchLayout::kStringTemps)
        g.error("D_UNKNOWN", clause.range, "clause uses too many string temporaries");
    VReg r = f.vreg();
    f.mov(r, scratch);
    f.alu64(AluOp::Add, r, static_cast<int64_t>(g.layout.temps + g.strsize * next_temp++));
    return r;
}

// A string value is NULL (0) where DTrace's would be: a string variable never assigned (a
// dynamic variable) or assigned 0, a subroutine's NULL result, and anything computed from them.
// Constants, built-in names and strings copied out of memory are always buffers.
bool ClauseGen::string_never_null(const sema::Node& n) {
    switch (n.kind) {
        case NodeKind::String:
        case NodeKind::Builtin:
        case NodeKind::Binary:
        case NodeKind::Load: return true;
        case NodeKind::Cast: return !n.a->type->is_string() || string_never_null(*n.a);
        default: return false;
    }
}

VReg ClauseGen::string_operand(const sema::Node& n) {
    VReg r = string(n);
    if (string_never_null(n)) return r;
    bpf::Label ok = f.new_label();
    f.branch(Cond::Ne, r, 0, ok);
    fault(abi::kFaultBadAddr, r);
    f.bind(ok);
    return r;
}

VReg ClauseGen::string_or_empty(const sema::Node& n) {
    VReg r = string(n);
    if (string_never_null(n)) return r;
    bpf::Label ok = f.new_label();
    f.branch(Cond::Ne, r, 0, ok);
    f.load_map_value(r, abi::kStringsMap, g.string_constant(""));
    f.bind(ok);
    return r;
}

// A string held in a global or a this-> variable is its bytes in place. NULL is marked in the
// byte after its strsize characters, which a string stored there always leaves NUL: 0xff
// there (and an empty string before it) is NULL (see assign()).
VReg ClauseGen::var_string(const sema::Variable& v) {
    VReg r = var_address(v);
    VReg mark = f.vreg();
    f.load(1, mark, r, static_cast<int16_t>(g.strsize - 1));
    bpf::Label ok = f.new_label();
    f.branch(Cond::Eq, mark, 0, ok);
    f.mov(r, static_cast<int64_t>(0));
    f.bind(ok);
    return r;
}

VReg ClauseGen::assign_var_string(const sema::Variable& v, const sema::Node& value) {
    VReg src = string(value);
    VReg dst = var_address(v);
    const auto last = static_cast<int16_t>(g.strsize - 1);
    if (string_never_null(value)) {
        f.store(1, dst, last, static_cast<int64_t>(0));
        copy_string(dst, src);
        return dst;
    }
    VReg r = f.vreg();
    bpf::Label null = f.new_label(), done = f.new_label();
    f.branch(Cond::Eq, src, 0, null);
    f.store(1, dst, last, static_cast<int64_t>(0));
    copy_string(dst, src);
    f.mov(r, dst);
    f.jump(done);
    f.bind(null);
    f.store(1, dst, 0, static_cast<int64_t>(0));
    f.store(1, dst, last, static_cast<int64_t>(0xff));
    f.mov(r, static_cast<int64_t>(0));
    f.bind(done);
    return r;
}

void ClauseGen::copy_string(VReg dst, VReg src, bool user) {
    f.call_helper(user ? bpf::helper::probe_read_user_str : bpf::helper::probe_read_kernel_str,
                  {dst, static_cast<int64_t>(g.strsize), src});
}

VReg ClauseGen::string(const sema::Node& n) {
    switch (n.kind) {
        case NodeKind::String: {
            VReg r = f.vreg();
            f.load_map_value(r, abi::kStringsMap, g.string_constant(n.text));
            return r;
        }
        case NodeKind::Int: {  // NULL (sema's 0 assigned to a string)
            VReg r = f.vreg();
            f.mov(r, static_cast<int64_t>(n.value));
            return r;
        }
        case NodeKind::Global:
        case NodeKind::ClauseVar: return var_string(*n.var);
        case NodeKind::Subr: return subroutine(n);
        case NodeKind::DynVar:
            return dynvar_lookup(dynvar_key(*n.var, n.args), /*null_if_missing=*/true);
        case NodeKind::Assign: {
            VReg r;
            assign(n, &r);
            return r;
        }
        case NodeKind::Store: return store(n);
        case NodeKind::Builtin: {
            using sema::BuiltinVar;
            if (n.builtin == BuiltinVar::Execname) {
                VReg t = string_temp();
                f.store(8, t, 8, static_cast<int64_t>(0));
                current_comm(t);
                return t;
            }
            if (g.context.names_by_probe_id) return pid_probe_name(n.builtin);
            // probeprov, probemod, probefunc, probename: one constant per enabled probe.
            VReg r = f.vreg();
            bpf::Label done = f.new_label();
            std::vector<std::pair<uint32_t, std::string>> names;
            for (const auto& e : g.out.epids) {
                if (e.clause != clause.index) continue;
                const std::string& s = n.builtin == BuiltinVar::Probeprov ? e.provider
                                       : n.builtin == BuiltinVar::Probemod ? e.module
                                       : n.builtin == BuiltinVar::Probefunc ? e.function : e.name;
                names.emplace_back(e.epid, s);
            }
            f.load_map_value(r, abi::kStringsMap, g.string_constant(names.empty() ? "" : names.back().second));
            for (size_t i = 0; i + 1 < names.size(); ++i) {
                bpf::Label next = f.new_label();
                f.branch(Cond::Ne, epid, static_cast<int64_t>(names[i].first), next);
                f.load_map_value(r, abi::kStringsMap, g.string_constant(names[i].second));
                f.jump(done);
                f.bind(next);
            }
            f.bind(done);
            return r;
        }
        case NodeKind::Load: {
            // A char array in memory (curthread->comm): copy it out as a string.
            VReg addr = address_of(n);
            VReg t = string_temp();
            uint64_t max = n.type->kind == sema::TypeKind::Array ? std::min<uint64_t>(n.type->size + 1, g.strsize) : g.strsize;
            bool user = n.a->type->is_pointer() && n.a->type->space == sema::AddrSpace::User;
            f.store(1, t, 0, static_cast<int64_t>(0));
            VReg rc = f.call_helper(user ? bpf::helper::probe_read_user_str : bpf::helper::probe_read_kernel_str,
                                    {t, static_cast<int64_t>(max), addr});
            bpf::Label ok = f.new_label();
            f.branch(Cond::Sge, rc, 0, ok);
            fault(abi::kFaultBadAddr, addr);
            f.bind(ok);
            return t;
        }
        case NodeKind::Cast: {
            if (n.a->type->is_string()) return string(*n.a);
            if (n.a->kind == NodeKind::Load && n.a->type->kind == sema::TypeKind::Array) return string(*n.a);
            // (string)ptr and stringof ptr: the kernel string at that address.
            VReg p = value(*n.a);
            VReg t = string_temp();
            f.store(1, t, 0, static_cast<int64_t>(0));
            bool user = n.a->type->is_pointer() && n.a->type->space == sema::AddrSpace::User;
            VReg rc = f.call_helper(user ? bpf::helper::probe_read_user_str : bpf::helper::probe_read_kernel_str,
                                    {t, static_cast<int64_t>(g.strsize), p});
            bpf::Label ok = f.new_label();
            f.branch(Cond::Sge, rc, 0, ok);
            fault(abi::kFaultBadAddr, p);
            f.bind(ok);
            return t;
        }
        case NodeKind::Binary: {
            // s + n (n + s, s - n): the string at the address of s's characters plus n, read
            // as (string) of a pointer is; NULL plus n faults there.
            VReg p = value(n);
            VReg t = string_temp();
            f.store(1, t, 0, static_cast<int64_t>(0));
            VReg rc = f.call_helper(bpf::helper::probe_read_kernel_str,
                                    {t, static_cast<int64_t>(g.strsize), p});
            bpf::Label ok = f.new_label();
            f.branch(Cond::Sge, rc, 0, ok);
            fault(abi::kFaultBadAddr, p);
            f.bind(ok);
            return t;
        }
        case NodeKind::Cond:
        case NodeKind::Comma: return value(n);
        default:
            g.error("D_UNKNOWN", n.range, "this string expression is not yet supported by the code generator");
    }
}

VReg ClauseGen::string_compare(VReg a, VReg b) {
    // One bpf_loop whose callback compares a byte of each string: the verifier checks the
    // callback once, however many comparisons a clause makes (an inline loop per comparison
    // makes too many branch states for it after a dozen or so). Field 2 ends as the difference
    // of the first differing bytes, 0 when the strings are equal.
    strsubr::Ctx c(*this);
    c.ptr(0, a);
    c.ptr(1, b);
    c.num(2, static_cast<int64_t>(0));
    c.run(strsubr::callback(*this, "str_cmp", [](strsubr::Body& bd) {
              VReg ca = bd.byte(bd.field(0), bd.index);
              VReg cb = bd.byte(bd.field(1), bd.index);
              bpf::Label same = bd.f.new_label(), more = bd.f.new_label();
              bd.f.branch(Cond::Eq, ca, cb, same);
              bd.f.alu64(AluOp::Sub, ca, cb);
              bd.set(2, ca);
              bd.end();
              bd.f.bind(same);
              bd.f.branch(Cond::Ne, ca, 0, more);
              bd.end();
              bd.f.bind(more);
              bd.next();
          }),
          static_cast<int64_t>(g.strsize));
    return c.get(2);
}

VReg ClauseGen::pid_probe_name(sema::BuiltinVar which) {
    using sema::BuiltinVar;
    g.uprobe_probe_names = true;
    int field = which == BuiltinVar::Probeprov ? 0 : which == BuiltinVar::Probemod ? 1 : which == BuiltinVar::Probefunc ? 2 : 3;
    VReg key = f.vreg();
    f.mov(key, scratch);
    f.alu64(AluOp::Add, key, static_cast<int64_t>(abi::kScratchProbeId));
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kProbeNamesMap);
    VReg names = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    VReg r = f.vreg();
    bpf::Label found = f.new_label(), done = f.new_label();
    f.branch(Cond::Ne, names, 0, found);
    f.load_map_value(r, abi::kStringsMap, g.string_constant(""));
    f.jump(done);
    f.bind(found);
    f.mov(r, names);
    f.alu64(AluOp::Add, r, static_cast<int64_t>(field) * g.strsize);
    f.bind(done);
    return r;
}

}  // namespace bdtrace::codegen
