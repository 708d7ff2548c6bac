// The pid provider: pid<PID>:module:function:name names functions of one running process (entry,
// return, or an instruction offset). Probes are resolved in the process (process/pid_probes.h)
// when a description names them; each becomes a uprobe on the object file at a file offset,
// filtered to that process by the kernel.
#include <cctype>
#include <utility>

#include "process/pid_probes.h"
#include "probes/probe.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// The pid provider's attributes (fasttrap's pid_attr); its probes' arguments are untyped.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Isa},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Evolving, S::Evolving, C::Isa},    // name
    {S::Private, S::Private, C::Unknown},  // arguments
};

class PidProvider : public Provider {
public:
    const char* name() const override { return "pid"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }

    // Only an explicit pid<digits>: the probes of a process exist once it is named.
    bool serves(const std::string& provider_desc) const override {
        if (provider_desc.size() <= 3 || provider_desc.compare(0, 3, "pid") != 0) return false;
        for (size_t i = 3; i < provider_desc.size(); ++i)
            if (!std::isdigit(static_cast<unsigned char>(provider_desc[i]))) return false;
        return true;
    }
    bool refilter() const override { return false; }
    bool dynamic() const override { return true; }
    std::optional<Diagnostic> take_error() override { return std::exchange(error_, std::nullopt); }

    void match(const Description& d, std::vector<Probe>& out) override {
        Diagnostic err;
        auto prov = process::parse_pid_provider(d.provider, err);
        if (!prov) return;
        process::PidResolution res = resolver_.resolve(prov->pid, d.module, d.function, d.name);
        if (res.error) {
            error_ = res.error;
            return;
        }
        for (const auto& p : res.probes) {
            const process::PidObject& obj = res.objects.at(p.object);
            Probe probe;
            probe.provider = d.provider;
            probe.module = p.module;
            probe.function = p.function;
            probe.name = p.name;
            probe.attach = p.kind == process::PidProbeKind::Return ? AttachKind::Uretprobe : AttachKind::Uprobe;
            probe.pid = prov->pid;
            probe.path = obj.mapping.root + obj.mapping.path;
            probe.file_offset = p.file_offset;
            probe.return_sites = p.return_sites;
            probe.return_uprobe = p.return_uprobe;
            probe.nop5_site = p.nop5;
            out.push_back(std::move(probe));
        }
        // Why a function named plainly has no return probe (it matches nothing then).
        if (res.warning) error_ = res.warning;
    }

private:
    process::PidProbeResolver resolver_;
    std::optional<Diagnostic> error_;
};

}  // namespace

std::unique_ptr<Provider> make_pid_provider() { return std::make_unique<PidProvider>(); }

}  // namespace bdtrace::probes
