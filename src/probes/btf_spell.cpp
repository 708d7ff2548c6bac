#include "probes/btf_spell.h"

#include <bpf/btf.h>

#include <memory>
#include <utility>

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

std::string spell(const struct btf* b, uint32_t id, int depth) {
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

std::string btf_spell(const struct btf* b, uint32_t id) { return spell(b, id, 0); }

}  // namespace bdtrace::probes
