#include "probes/tracepoint_guards.h"

#include <bpf/btf.h>

#include <string_view>
#include <vector>

#include "probes/btf_spell.h"
#include "process/kernel_symbols.h"

namespace bdtrace::probes {

namespace {

// The type a BTF id names, past typedefs and qualifiers.
const struct btf_type* resolved(const struct btf* b, uint32_t* id) {
    const struct btf_type* t = btf__type_by_id(b, *id);
    while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
        *id = t->type;
        t = btf__type_by_id(b, *id);
    }
    return t;
}

// The probe function's prototype of a tracepoint (btf_trace_<event> points to it), or null.
const struct btf_type* tracepoint_proto(const struct btf* b, const std::string& tp) {
    int id = b ? btf__find_by_name_kind(b, ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF) : -1;
    if (id <= 0) return nullptr;
    const struct btf_type* t = btf__type_by_id(b, static_cast<uint32_t>(id));
    const struct btf_type* ptr = t ? btf__type_by_id(b, t->type) : nullptr;
    const struct btf_type* proto = ptr && btf_is_ptr(ptr) ? btf__type_by_id(b, ptr->type) : nullptr;
    return proto && btf_is_func_proto(proto) && btf_vlen(proto) >= 1 ? proto : nullptr;
}

// The bit offset of `path` ("se.sum_exec_runtime", members of members) in the structure of
// BTF id `tid`, and in *bits a bitfield's width (0 for a whole member); -1 when BTF lacks it.
int64_t member_bit_offset(const struct btf* b, uint32_t tid, const std::string& path, uint32_t* bits) {
    const struct btf_type* t = nullptr;
    int64_t offset = 0;
    for (size_t start = 0; start <= path.size();) {
        size_t end = path.find('.', start);
        if (end == std::string::npos) end = path.size();
        std::string name = path.substr(start, end - start);
        t = resolved(b, &tid);
        if (!t || !btf_is_composite(t)) return -1;
        const struct btf_member* m = btf_members(t);
        uint16_t i = 0;
        while (i < btf_vlen(t) && name != btf__name_by_offset(b, m[i].name_off)) ++i;
        if (i == btf_vlen(t)) return -1;
        offset += btf_member_bit_offset(t, i);
        *bits = btf_member_bitfield_size(t, i);
        tid = m[i].type;
        start = end + 1;
    }
    return offset;
}

// The bit offset of `path` in the structure tracepoint argument `arg` points to (kGuardCurrent:
// in struct task_struct), as member_bit_offset.
int64_t field_bit_offset(const struct btf* b, const std::string& tp, int arg,
                         const std::string& path, uint32_t* bits) {
    uint32_t tid = 0;
    if (arg == kGuardCurrent) {
        int id = b ? btf__find_by_name_kind(b, "task_struct", BTF_KIND_STRUCT) : -1;
        if (id <= 0) return -1;
        tid = static_cast<uint32_t>(id);
    } else {
        const struct btf_type* proto = tracepoint_proto(b, tp);
        if (!proto || arg + 1 >= btf_vlen(proto)) return -1;
        tid = btf_params(proto)[arg + 1].type;
        const struct btf_type* t = resolved(b, &tid);
        if (!t || !btf_is_ptr(t)) return -1;
        tid = t->type;
    }
    return member_bit_offset(b, tid, path, bits);
}

// The address of the first of the comma-separated kernel functions that exists; 0 for none.
// A name is looked for in kallsyms only if vmlinux BTF lists it as a function, or none is
// listed: every sched script pays for the search, and a pass that stops at the name is far
// cheaper than one over all of kallsyms (tick_sched_timer became tick_nohz_handler in 6.9,
// while the older kernels' tick_nohz_handler is the low-resolution handler: the order matters).
uint64_t first_symbol(const struct btf* b, const std::string& names) {
    std::vector<std::string> all, in_btf;
    for (size_t start = 0; start < names.size();) {
        size_t end = names.find(',', start);
        if (end == std::string::npos) end = names.size();
        all.push_back(names.substr(start, end - start));
        start = end + 1;
    }
    for (const std::string& n : all)
        if (b && btf__find_by_name_kind(b, n.c_str(), BTF_KIND_FUNC) > 0) in_btf.push_back(n);
    for (const std::string& n : in_btf.empty() ? all : in_btf)
        if (auto a = process::kallsyms_address(n)) return *a;
    return 0;
}

}  // namespace

int64_t struct_member_offset(const struct btf* b, const std::string& structure,
                             const std::string& path) {
    int id = b ? btf__find_by_name_kind(b, structure.c_str(), BTF_KIND_STRUCT) : -1;
    if (id <= 0) return -1;
    uint32_t bits = 0;
    int64_t at = member_bit_offset(b, static_cast<uint32_t>(id), path, &bits);
    return at < 0 || bits != 0 || at % 8 ? -1 : at / 8;
}

int32_t tracepoint_nargs(const struct btf* b, const std::string& tp) {
    const struct btf_type* proto = tracepoint_proto(b, tp);
    return proto ? static_cast<int32_t>(btf_vlen(proto)) - 1 : -1;
}

void name_kernel_function(const struct btf* b, const char* functions, std::string& function,
                          std::vector<std::string>& aliases) {
    std::vector<std::string> names;
    for (std::string_view rest = functions; !rest.empty();) {
        size_t comma = rest.find(',');
        names.emplace_back(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (names.empty()) return;
    size_t chosen = 0;
    for (size_t i = 0; b && i < names.size(); ++i)
        if (btf__find_by_name_kind(b, names[i].c_str(), BTF_KIND_FUNC) > 0) {
            chosen = i;
            break;
        }
    function = names[chosen];
    for (size_t i = 0; i < names.size(); ++i)
        if (i != chosen) aliases.push_back(names[i]);
}

bool resolve_guard(const struct btf* b, ProbeGuard& g, const std::string& tp, int dropped) {
    if (g.arg < 0) return true;
    if (*g.symbol != '\0' && (g.value = first_symbol(b, g.symbol)) == 0) return false;
    if (*g.field == '\0') return true;
    uint32_t bits = 0;
    int64_t at = field_bit_offset(b, tp, g.arg == kGuardCurrent ? g.arg : g.arg + dropped, g.field, &bits);
    if (at < 0) return false;
    // The guard reads 8 bytes from the field's first byte: a bitfield's mask and value move to
    // its bit in the first of them.
    if (bits != 0) {
        g.mask <<= at % 8;
        g.value <<= at % 8;
    }
    g.field_offset = static_cast<int32_t>(at / 8);
    return true;
}

}  // namespace bdtrace::probes
