// Typed args[] at syscall entry probes: when every probe of the clause is the entry of one
// system call that the kernel's BTF describes (the FUNC record __do_sys_<call>), args[i] has
// the type of the call's parameter i; pointers point into the calling process's memory.
// Elsewhere (other calls, several calls, return probes) args[] stays untyped, as arg0..arg9.
#include <bpf/btf.h>

#include "probes/syscall_table.h"
#include "sema/btf_types.h"
#include "sema/checker.h"

namespace bdtrace::sema {

const Type* Checker::syscall_arg_type(uint64_t index, bool* out_of_range) {
    *out_of_range = false;
    if (!clause_probes || clause_probes->empty()) return nullptr;
    const probes::Probe* first = registry.by_id(clause_probes->front().probe_id);
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
