// The proc and sched providers: DTrace's probes on the kernel's tracepoints
// (probes/mapped_probes.h). They attach as sdt probes do (one shared program, a raw tracepoint
// per probe with the probe id as cookie); Probe::tracepoint names the tracepoint and
// Probe::guard the condition on its arguments, Probe::also the probe's other tracepoints. A probe whose tracepoint this kernel lacks is
// not offered.
#include <bpf/btf.h>

#include "process/kernel_symbols.h"
#include "probes/btf_spell.h"
#include "probes/mapped_probes.h"
#include "probes/probe.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's proc and sched providers register the same attributes.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Isa},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Evolving, S::Evolving, C::Isa},    // name
    {S::Evolving, S::Evolving, C::Isa},    // arguments
};

// The type a BTF id names, past typedefs and qualifiers.
const struct btf_type* resolved(const struct btf* b, uint32_t* id) {
    const struct btf_type* t = btf__type_by_id(b, *id);
    while (t && (btf_is_typedef(t) || btf_is_mod(t))) {
        *id = t->type;
        t = btf__type_by_id(b, *id);
    }
    return t;
}

// The byte offset of `path` ("se.sum_exec_runtime") in the structure tracepoint argument
// `arg` points to; -1 when BTF does not have it.
int32_t field_offset(const std::string& tp, int arg, const std::string& path) {
    const struct btf* b = vmlinux_btf();
    int id = b ? btf__find_by_name_kind(b, ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF) : -1;
    if (id <= 0) return -1;
    const struct btf_type* ptr = btf__type_by_id(b, btf__type_by_id(b, static_cast<uint32_t>(id))->type);
    const struct btf_type* proto = ptr && btf_is_ptr(ptr) ? btf__type_by_id(b, ptr->type) : nullptr;
    if (!proto || !btf_is_func_proto(proto) || arg + 1 >= btf_vlen(proto)) return -1;
    uint32_t tid = btf_params(proto)[arg + 1].type;
    const struct btf_type* t = resolved(b, &tid);
    if (!t || !btf_is_ptr(t)) return -1;
    tid = t->type;
    uint32_t offset = 0;
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
        offset += btf_member_bit_offset(t, i) / 8;
        tid = m[i].type;
        start = end + 1;
    }
    return static_cast<int32_t>(offset);
}

// The address of the first of the comma-separated kernel functions that exists; 0 for none.
// A name is looked for in kallsyms only if vmlinux BTF lists it as a function, or none is
// listed: every sched script pays for the search, and a pass that stops at the name is far
// cheaper than one over all of kallsyms (tick_sched_timer became tick_nohz_handler in 6.9,
// while the older kernels' tick_nohz_handler is the low-resolution handler: the order matters).
uint64_t first_symbol(const std::string& names) {
    std::vector<std::string> all, in_btf;
    for (size_t start = 0; start < names.size();) {
        size_t end = names.find(',', start);
        if (end == std::string::npos) end = names.size();
        all.push_back(names.substr(start, end - start));
        start = end + 1;
    }
    const struct btf* b = vmlinux_btf();
    for (const std::string& n : all)
        if (b && btf__find_by_name_kind(b, n.c_str(), BTF_KIND_FUNC) > 0) in_btf.push_back(n);
    for (const std::string& n : in_btf.empty() ? all : in_btf)
        if (auto a = process::kallsyms_address(n)) return *a;
    return 0;
}

// Resolves a guard's field and symbol; false when this kernel's BTF or kallsyms lacks them.
// `dropped`: the tracepoint arguments before the guard's argument 0 (ProbeSite::drop_first).
bool resolve(ProbeGuard& g, const std::string& tp, int dropped = 0) {
    if (g.arg < 0) return true;
    if (*g.symbol != '\0' && (g.value = first_symbol(g.symbol)) == 0) return false;
    if (*g.field == '\0') return true;
    g.field_offset = field_offset(tp, g.arg + dropped, g.field);
    return g.field_offset >= 0;
}

// The argument count of a tracepoint (its btf_trace_<event> prototype less the private data),
// -1 when this kernel has no such tracepoint.
int32_t tracepoint_nargs(const std::string& tp) {
    const struct btf* b = vmlinux_btf();
    if (!b) return -1;
    int id = btf__find_by_name_kind(b, ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF);
    if (id <= 0) return -1;
    const struct btf_type* t = btf__type_by_id(b, static_cast<uint32_t>(id));
    const struct btf_type* ptr = t ? btf__type_by_id(b, t->type) : nullptr;
    const struct btf_type* proto = ptr && btf_is_ptr(ptr) ? btf__type_by_id(b, ptr->type) : nullptr;
    if (!proto || !btf_is_func_proto(proto) || btf_vlen(proto) < 1) return -1;
    return static_cast<int32_t>(btf_vlen(proto)) - 1;
}

class MappedProvider : public Provider {
public:
    explicit MappedProvider(const char* name) : name_(name) {}
    const char* name() const override { return name_; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool ids_for_all() const override { return true; }

    void match(const Description&, std::vector<Probe>& out) override {
        if (!made_) make();
        out.insert(out.end(), probes_.begin(), probes_.end());
    }

    std::vector<std::string> arg_types(const Probe& p) const override {
        std::vector<std::string> out;
        if (const MappedProbe* m = find_mapped_probe(p.provider, p.name))
            for (const MappedArg& a : m->args) out.push_back(a.type);
        return out;
    }

private:
    void make() {
        made_ = true;
        for (const MappedProbe& m : mapped_probes(name_)) {
            int32_t n = tracepoint_nargs(m.tracepoint);
            if (n < 0) continue;
            Probe p;
            p.provider = name_;
            p.name = m.name;
            p.attach = AttachKind::Sdt;
            p.tp_nargs = n;
            p.tracepoint = m.tracepoint;
            p.guard = m.guard;
            p.guard2 = m.guard2;
            if (!resolve(p.guard, m.tracepoint) || !resolve(p.guard2, m.tracepoint)) continue;
            // Another tracepoint this kernel lacks leaves the probe on the others.
            for (ProbeSite site : m.also) {
                int dropped = site.drop_first ? 1 : 0;
                site.tp_nargs = tracepoint_nargs(site.tracepoint);
                if (site.tp_nargs < 0 || !resolve(site.guard, site.tracepoint, dropped) ||
                    !resolve(site.guard2, site.tracepoint, dropped))
                    continue;
                p.also.push_back(std::move(site));
            }
            probes_.push_back(std::move(p));
        }
    }
    const char* name_;
    bool made_ = false;
    std::vector<Probe> probes_;
};

}  // namespace

std::unique_ptr<Provider> make_proc_provider() { return std::make_unique<MappedProvider>("proc"); }
std::unique_ptr<Provider> make_sched_provider() { return std::make_unique<MappedProvider>("sched"); }

}  // namespace bdtrace::probes
