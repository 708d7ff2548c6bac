// The argument types of system calls, where the kernel's BTF describes them: the FUNC record
// of __do_sys_<call> (the body SYSCALL_DEFINE wraps, kept when the compiler did not inline it)
// has the call's declared parameters. The other calls' arguments stay untyped.
#include <bpf/btf.h>

#include <map>

#include "probes/btf_spell.h"
#include "probes/syscall_table.h"

namespace bdtrace::probes {

std::vector<std::string> syscall_arg_types(const struct btf* b, std::string_view call) {
    static std::map<std::string, std::vector<std::string>, std::less<>> cache;
    if (auto it = cache.find(call); it != cache.end()) return it->second;
    std::vector<std::string>& out = cache[std::string(call)];
    if (!b) return out;
    std::string func = "__do_sys_" + std::string(syscall_entry_symbol(call));
    int id = btf__find_by_name_kind(b, func.c_str(), BTF_KIND_FUNC);
    if (id <= 0) return out;
    const struct btf_type* proto = btf__type_by_id(b, btf__type_by_id(b, id)->type);
    if (!proto || !btf_is_func_proto(proto)) return out;
    const struct btf_param* p = btf_params(proto);
    for (uint16_t i = 0; i < btf_vlen(proto); ++i) out.push_back(btf_spell(b, p[i].type));
    return out;
}

}  // namespace bdtrace::probes
