// The argument types of system calls, where the kernel's BTF describes them: the FUNC record
// of __do_sys_<call> (the body SYSCALL_DEFINE wraps, kept when the compiler did not inline it)
// has the call's declared parameters. The other calls' arguments stay untyped.
#include <bpf/btf.h>

#include <map>
#include <memory>

#include "probes/syscall_table.h"

namespace bdtrace::probes {

namespace {

// GCC's names of the integer types ("long unsigned int") as C and DTrace spell them.
std::string c_spelling(const std::string& gcc) {
    static const std::pair<const char*, const char*> kNames[] = {
        {"long unsigned int", "unsigned long"}, {"long int", "long"},
        {"long long unsigned int", "unsigned long long"}, {"long long int", "long long"},
        {"short unsigned int", "unsigned short"}, {"short int", "short"},
    };
    for (const auto& [from, to] : kNames)
        if (gcc == from) return to;
    return gcc;
}

std::string spell(const struct btf* b, uint32_t id, int depth = 0) {
    const struct btf_type* t = btf__type_by_id(b, id);
    if (!t || depth > 16) return id == 0 ? "void" : "?";
    std::string name = btf__name_by_offset(b, t->name_off) ? btf__name_by_offset(b, t->name_off) : "";
    switch (btf_kind(t)) {
        case BTF_KIND_INT: return c_spelling(name);
        case BTF_KIND_TYPEDEF:
        case BTF_KIND_FLOAT: return name;
        case BTF_KIND_STRUCT: return "struct " + name;
        case BTF_KIND_UNION: return "union " + name;
        case BTF_KIND_ENUM:
        case BTF_KIND_ENUM64: return "enum " + name;
        case BTF_KIND_FWD: return (btf_kflag(t) ? "union " : "struct ") + name;
        case BTF_KIND_CONST: return "const " + spell(b, t->type, depth + 1);
        case BTF_KIND_VOLATILE: return "volatile " + spell(b, t->type, depth + 1);
        case BTF_KIND_PTR: {
            std::string to = spell(b, t->type, depth + 1);
            return to + (to.back() == '*' ? "*" : " *");
        }
        case BTF_KIND_FUNC_PROTO: return "void (*)()";
        default: return spell(b, t->type, depth + 1);  // restrict, type tags
    }
}

}  // namespace

std::vector<std::string> syscall_arg_types(std::string_view call) {
    static std::unique_ptr<struct btf, void (*)(struct btf*)> vmlinux(btf__parse("/sys/kernel/btf/vmlinux", nullptr),
                                                                      btf__free);
    static std::map<std::string, std::vector<std::string>, std::less<>> cache;
    if (auto it = cache.find(call); it != cache.end()) return it->second;
    std::vector<std::string>& out = cache[std::string(call)];
    if (!vmlinux) return out;
    std::string func = "__do_sys_" + std::string(syscall_entry_symbol(call));
    int id = btf__find_by_name_kind(vmlinux.get(), func.c_str(), BTF_KIND_FUNC);
    if (id <= 0) return out;
    const struct btf_type* proto = btf__type_by_id(vmlinux.get(), btf__type_by_id(vmlinux.get(), id)->type);
    if (!proto || !btf_is_func_proto(proto)) return out;
    const struct btf_param* p = btf_params(proto);
    for (uint16_t i = 0; i < btf_vlen(proto); ++i) out.push_back(spell(vmlinux.get(), p[i].type));
    return out;
}

}  // namespace bdtrace::probes
