// Typed args[] at syscall entry probes and sdt probes. Syscall entry probes: when every probe of the clause is the entry of one
// system call that the kernel's BTF describes (the FUNC record __do_sys_<call>), args[i] has
// the type of the call's parameter i; pointers point into the calling process's memory.
// Elsewhere (other calls, several calls, return probes) args[] stays untyped, as arg0..arg9.
// sdt probes: the tracepoint's arguments, from its BTF prototype.
#include <bpf/btf.h>

#include "probes/syscall_table.h"
#include "sema/btf_types.h"
#include "sema/checker.h"

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
    const probes::Probe* first = registry.by_id(clause_probes->front().probe_id);
    if (first && first->hook != probes::KernelHook::Tracepoint) return fbt_arg_type(index, out_of_range);
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = registry.by_id(p.probe_id);
        if (!pr || pr->attach != probes::AttachKind::Sdt || pr->name != first->name || !pr->tracepoint.empty() ||
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
    const probes::Probe* first = registry.by_id(clause_probes->front().probe_id);
    if (first && first->attach == probes::AttachKind::Sdt) return sdt_arg_type(index, out_of_range);
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = registry.by_id(p.probe_id);
        if (!pr || pr->attach != probes::AttachKind::SyscallEntry || pr->syscall_nr != first->syscall_nr) return nullptr;
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
    const Type* t = btf->by_id(types, static_cast<int>(btf_params(proto)[index].type));
    if (t && t->is_pointer()) t = types.pointer_to(t->target, AddrSpace::User);
    return t;
}

}  // namespace bdtrace::sema
