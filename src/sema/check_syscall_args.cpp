// Typed args[] at syscall probes and sdt probes. Syscall probes: when every probe of the clause
// is the entry of one system call, args[i] has the type of the call's parameter i as its
// tracefs format spells it (syscall_format.h), or as the kernel's BTF describes it (the FUNC
// record __do_sys_<call>) when tracefs has no format; pointers point into the calling process's
// memory. At the return of one call, args[0] and args[1] have the return value's type. Elsewhere
// (several calls, calls neither describes) args[] stays untyped, as arg0..arg9.
// sdt probes: the tracepoint's arguments, from its BTF prototype.
#include <bpf/btf.h>

#include "probes/syscall_format.h"
#include "probes/syscall_table.h"
#include "sema/btf_types.h"
#include "sema/checker.h"
#include "sema/type_spelling.h"

namespace bdtrace::sema {

namespace {

// The prototype of a BTF FUNC record, or of the function a typedef points to.
const struct btf_type* prototype(const struct btf* b, int id) {
    const struct btf_type* t = id > 0 ? btf__type_by_id(b, static_cast<uint32_t>(id)) : nullptr;
    if (t && btf_is_typedef(t)) {
        t = btf__type_by_id(b, t->type);
        if (!t || !btf_is_ptr(t)) return nullptr;
    }
    t = t ? btf__type_by_id(b, t->type) : nullptr;
    return t && btf_is_func_proto(t) ? t : nullptr;
}

}  // namespace

// sdt probes: the tracepoint's prototype (btf_trace_<event>: its first parameter is the
// probe's private data), when every probe of the clause is the same tracepoint.
const Type* Checker::sdt_arg_type(uint64_t index, bool* out_of_range) {
    const probes::Probe* first = clause_probes->front().probe;
    if (first && first->hook() != probes::KernelHook::Tracepoint) return fbt_arg_type(index, out_of_range);
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (!pr || pr->kind() != probes::AttachKind::Sdt || pr->name != first->name || !pr->tracepoint().empty() ||
            !pr->translated_args.empty())
            return nullptr;
    }
    return tracepoint_arg_type(first->name, index, out_of_range);
}

// Argument `index` of a tracepoint, from its prototype.
const Type* Checker::tracepoint_arg_type(const std::string& tracepoint, uint64_t index, bool* out_of_range) {
    BtfSource* btf = types.btf();
    if (!btf) return nullptr;
    const struct btf_type* proto = prototype(btf->raw(), btf->find("btf_trace_" + tracepoint, BTF_KIND_TYPEDEF));
    if (!proto) return nullptr;
    if (index + 1 >= btf_vlen(proto)) {
        *out_of_range = true;
        return nullptr;
    }
    return btf->by_id(types, static_cast<int>(btf_params(proto)[index + 1].type));
}

const Type* Checker::syscall_arg_type(uint64_t index, bool* out_of_range) {
    *out_of_range = false;
    if (!clause_probes || clause_probes->empty()) return nullptr;
    const probes::Probe* first = clause_probes->front().probe;
    if (first && first->kind() == probes::AttachKind::Sdt) return sdt_arg_type(index, out_of_range);
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (!pr || pr->kind() != first->kind() || pr->syscall_nr() != first->syscall_nr()) return nullptr;
    }
    if (first->kind() == probes::AttachKind::SyscallReturn) {
        // arg0 and arg1 are both the return value (DTrace's), of the exit event's type.
        const auto* ret = probes::syscall_format(first->function, false);
        if (!ret || ret->size() != 1) return nullptr;
        *out_of_range = index >= 2;
        return *out_of_range ? nullptr : type_from_spelling(types, ret->front().type);
    }
    if (first->kind() != probes::AttachKind::SyscallEntry) return nullptr;
    // The call's tracefs format names every parameter; a type it spells that no D or kernel
    // type matches leaves that argument untyped.
    if (const auto* params = probes::syscall_format(first->function, true)) {
        *out_of_range = index >= params->size();
        return *out_of_range ? nullptr : in_user_space(types, type_from_spelling(types, (*params)[index].type));
    }
    BtfSource* btf = types.btf();
    if (!btf) return nullptr;
    int id = btf->find("__do_sys_" + std::string(probes::syscall_entry_symbol(first->function)), BTF_KIND_FUNC);
    if (id <= 0) return nullptr;
    const struct btf_type* fn = btf__type_by_id(btf->raw(), static_cast<uint32_t>(id));
    const struct btf_type* proto = fn ? btf__type_by_id(btf->raw(), fn->type) : nullptr;
    if (!proto || !btf_is_func_proto(proto)) return nullptr;
    if (index >= btf_vlen(proto)) {
        *out_of_range = true;
        return nullptr;
    }
    return in_user_space(types, btf->by_id(types, static_cast<int>(btf_params(proto)[index].type)));
}

}  // namespace bdtrace::sema
