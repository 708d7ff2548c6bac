#include "probes/kernel_functions.h"

#include <bpf/btf.h>

#include <fstream>
#include <sstream>

namespace bdtrace::probes {

namespace {

// Whether a value of this type travels in one trampoline slot as args[] shows it: an
// integer, enum or pointer of at most 8 bytes (typedefs and qualifiers looked through).
bool one_slot(const struct btf* b, uint32_t id) {
    const struct btf_type* t = btf__type_by_id(b, id);
    while (t && (btf_is_typedef(t) || btf_is_mod(t))) t = btf__type_by_id(b, t->type);
    if (!t) return false;
    if (btf_is_ptr(t)) return true;
    if (btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t)) return t->size <= 8;
    return false;
}

}  // namespace

std::vector<KernelFunction> kernel_functions(const struct btf* b, const std::unordered_set<std::string>* traceable) {
    std::vector<KernelFunction> out;
    if (!b) return out;
    std::unordered_set<std::string> seen;
    uint32_t n = btf__type_cnt(b);
    for (uint32_t id = 1; id < n; ++id) {
        const struct btf_type* t = btf__type_by_id(b, id);
        if (!btf_is_func(t)) continue;
        std::string name = btf__name_by_offset(b, t->name_off);
        if (name.empty() || seen.count(name)) continue;
        if (traceable && !traceable->count(name)) continue;
        const struct btf_type* proto = btf__type_by_id(b, t->type);
        if (!proto || !btf_is_func_proto(proto) || btf_vlen(proto) > kMaxKernelFunctionArgs) continue;
        KernelFunction f;
        bool ok = proto->type == 0 || one_slot(b, proto->type);
        const struct btf_param* p = btf_params(proto);
        for (uint16_t i = 0; ok && i < btf_vlen(proto); ++i) {
            ok = p[i].type != 0 && one_slot(b, p[i].type);  // type 0: "..."
            f.param_type_ids.push_back(p[i].type);
        }
        if (!ok) continue;
        seen.insert(name);
        f.name = std::move(name);
        f.return_type_id = proto->type;
        out.push_back(std::move(f));
    }
    return out;
}

std::unordered_set<std::string> traceable_functions(const std::string& tracefs, const std::string& kallsyms) {
    std::unordered_set<std::string> out;
    std::string line;
    // "vfs_read", or "name [module]"; the kernel refuses to let some users read it (EPERM).
    if (std::ifstream in(tracefs + "/available_filter_functions"); in) {
        while (std::getline(in, line)) {
            std::string name = line.substr(0, line.find_first_of(" \t"));
            if (!name.empty()) out.insert(std::move(name));
        }
        if (!out.empty()) return out;
    }
    // "ffffffff81234560 T vfs_read" and "... t name\t[module]".
    if (std::ifstream in(kallsyms); in) {
        while (std::getline(in, line)) {
            std::istringstream fields(line);
            std::string addr, type, name;
            if (!(fields >> addr >> type >> name)) continue;
            if (type == "t" || type == "T") out.insert(std::move(name));
        }
    }
    return out;
}

}  // namespace bdtrace::probes
