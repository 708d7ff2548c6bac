// The sdt provider: every kernel tracepoint BTF describes, as sdt:<group>::<event>
// (probes/tracepoints.h). All of them share one program on raw tracepoints, attached once per
// probe with the probe id as the cookie (Linux 6.10+); the program copies the tracepoint's
// arguments and dispatches through the sdt table (codegen/gen_sdt.cpp). args[] is typed from
// the tracepoint's prototype.
#include "btf/vmlinux.h"
#include "probes/btf_spell.h"
#include "util/glob.h"
#include "probes/probe.h"
#include "probes/tracepoints.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's sdt provider attributes (the kernel's statically defined probes).
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Isa},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Evolving, S::Evolving, C::Isa},    // name
    {S::Private, S::Private, C::Isa},      // arguments
};

class SdtProvider : public Provider {
public:
    explicit SdtProvider(const kbtf::Vmlinux& vmlinux) : vmlinux_(vmlinux) {}
    const char* name() const override { return "sdt"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool ids_for_all() const override { return true; }

    // Only a description that names a provider (sdt, or a pattern matching it) or a module (a
    // group), or the full listing, reads the kernel's tracepoints: a bare name (`BEGIN`) does
    // not pay for 1,600 of them.
    void match(const Description& d, std::vector<Probe>& out) override {
        bool bare_name = d.provider.empty() && d.module.empty() && d.function.empty() && !d.name.empty();
        if (bare_name) return;
        if (!made_) {
            make();
            out.insert(out.end(), probes_.begin(), probes_.end());  // all of them get their ids now
            return;
        }
        for (const Probe& p : probes_)  // then only those the description can match
            if (util::glob_match(d.module, p.module) && util::glob_match(d.function, p.function) && util::glob_match(d.name, p.name))
                out.push_back(p);
    }

    std::vector<std::string> arg_types(const Probe& p) const override {
        std::vector<std::string> out;
        auto it = types_.find(p.name);
        if (it == types_.end()) return out;
        for (uint32_t id : it->second) out.push_back(btf_spell(vmlinux_.parsed(), id));
        return out;
    }

private:
    void make() {
        made_ = true;
        for (Tracepoint& tp : btf_tracepoints(vmlinux_.parsed(), tracefs_groups())) {
            Probe p;
            p.provider = "sdt";
            p.module = tp.group;
            p.name = tp.event;
            KernelPlan plan;
            plan.nargs = static_cast<int32_t>(tp.arg_type_ids.size());
            p.plan = std::move(plan);
            probes_.push_back(std::move(p));
            types_.emplace(tp.event, std::move(tp.arg_type_ids));
        }
    }
    const kbtf::Vmlinux& vmlinux_;
    bool made_ = false;
    std::vector<Probe> probes_;
    std::map<std::string, std::vector<uint32_t>> types_;
};

}  // namespace

std::unique_ptr<Provider> make_sdt_provider(const kbtf::Vmlinux& vmlinux) {
    return std::make_unique<SdtProvider>(vmlinux);
}

}  // namespace bdtrace::probes
