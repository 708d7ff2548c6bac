// The proc and sched providers: DTrace's probes on the kernel's tracepoints
// (probes/mapped_probes.h). They attach as sdt probes do (one shared program, a raw tracepoint
// per probe with the probe id as cookie); KernelPlan::tracepoint names the tracepoint,
// Probe::guard the condition on its arguments and Probe::also the probe's other tracepoints.
// A probe whose tracepoint this kernel lacks is not offered (or is the name's next entry).
#include <set>

#include "btf/vmlinux.h"
#include "util/glob.h"
#include "probes/mapped_probes.h"
#include "probes/probe.h"
#include "probes/tracepoint_guards.h"

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

class MappedProvider : public Provider {
public:
    MappedProvider(const char* name, const kbtf::Vmlinux& vmlinux)
        : name_(name), vmlinux_(vmlinux) {}
    const char* name() const override { return name_; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool ids_for_all() const override { return true; }

    // Every probe at once (ids_for_all), but only for a description that can match one of
    // them: a bare `BEGIN` reads neither the kernel's BTF nor kallsyms for the tables.
    void match(const Description& d, std::vector<Probe>& out) override {
        if (!made_ && !could_match(d)) return;
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
    // Whether the table has a name the description's fields can match. The module is vmlinux;
    // the function is left to the registry's match (older names and clone spellings match
    // too, and naming the function takes the kernel's BTF this check avoids).
    bool could_match(const Description& d) const {
        if (!util::glob_match(d.module, "vmlinux")) return false;
        for (const MappedProbe& m : mapped_probes(name_))
            if (util::glob_match(d.name, m.name)) return true;
        return false;
    }
    void make() {
        made_ = true;
        std::set<std::string> made;
        for (const MappedProbe& m : mapped_probes(name_)) {
            if (made.count(m.name)) continue;
            int32_t n = tracepoint_nargs(vmlinux_.parsed(), m.tracepoint);
            if (n < 0) continue;
            Probe p;
            p.provider = name_;
            p.module = "vmlinux";
            name_kernel_function(vmlinux_.parsed(), m.functions, p.function, p.function_aliases);
            p.name = m.name;
            KernelPlan plan;
            plan.nargs = n;
            plan.tracepoint = m.tracepoint;
            plan.guard = m.guard;
            plan.guard2 = m.guard2;
            plan.guard3 = m.guard3;
            plan.identity_arg = m.identity_arg;
            const struct btf* b = vmlinux_.parsed();
            if (!resolve_guard(b, plan.guard, m.tracepoint) || !resolve_guard(b, plan.guard2, m.tracepoint) ||
                !resolve_guard(b, plan.guard3, m.tracepoint))
                continue;
            // Another tracepoint this kernel lacks leaves the probe on the others.
            for (ProbeSite site : m.also) {
                int dropped = site.drop_first ? 1 : 0;
                site.tp_nargs = tracepoint_nargs(b, site.tracepoint);
                if (site.tp_nargs < 0 || !resolve_guard(b, site.guard, site.tracepoint, dropped) ||
                    !resolve_guard(b, site.guard2, site.tracepoint, dropped))
                    continue;
                plan.also.push_back(std::move(site));
            }
            p.plan = std::move(plan);
            made.insert(p.name);
            probes_.push_back(std::move(p));
        }
    }
    const char* name_;
    const kbtf::Vmlinux& vmlinux_;
    bool made_ = false;
    std::vector<Probe> probes_;
};

}  // namespace

std::unique_ptr<Provider> make_proc_provider(const kbtf::Vmlinux& vmlinux) {
    return std::make_unique<MappedProvider>("proc", vmlinux);
}
std::unique_ptr<Provider> make_sched_provider(const kbtf::Vmlinux& vmlinux) {
    return std::make_unique<MappedProvider>("sched", vmlinux);
}

}  // namespace bdtrace::probes
