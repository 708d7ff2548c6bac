// Typed args[] at fbt probes, from the kernel function's BTF prototype, when every probe of
// the clause is the same function's entry (args[i]: parameter i) or the same function's return
// (args[0]: int, the return instruction's offset; args[1]: the return type). Several functions
// in one clause leave args[] untyped, as arg0..arg9. Pointers are kernel pointers.
#include <bpf/btf.h>

#include "sema/btf_types.h"
#include "sema/checker.h"

namespace bdtrace::sema {

const Type* Checker::fbt_arg_type(uint64_t index, bool* out_of_range) {
    const probes::Probe* first = clause_probes->front().probe;
    for (const auto& p : *clause_probes) {
        const probes::Probe* pr = p.probe;
        if (!pr || pr->hook() != first->hook() || pr->function != first->function) return nullptr;
    }
    BtfSource* btf = types.btf();
    if (!btf) return nullptr;
    int id = btf->find(first->function, BTF_KIND_FUNC);
    const struct btf_type* fn = id > 0 ? btf__type_by_id(btf->raw(), static_cast<uint32_t>(id)) : nullptr;
    const struct btf_type* proto = fn ? btf__type_by_id(btf->raw(), fn->type) : nullptr;
    if (!proto || !btf_is_func_proto(proto)) return nullptr;
    if (first->hook() == probes::KernelHook::Fexit) {
        if (index == 0) return types.int_type(4, true);
        if (index == 1 && proto->type != 0) return btf->by_id(types, static_cast<int>(proto->type));
        *out_of_range = true;
        return nullptr;
    }
    if (index >= btf_vlen(proto)) {
        *out_of_range = true;
        return nullptr;
    }
    return btf->by_id(types, static_cast<int>(btf_params(proto)[index].type));
}

}  // namespace bdtrace::sema
