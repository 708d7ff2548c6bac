// The dtrace provider: BEGIN, END and ERROR.
#include "probes/probe.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's own provider attributes (dtrace_provider_attr); BEGIN, END and ERROR have no typed
// arguments.
constexpr ProviderAttributes kAttributes = {
    {S::Stable, S::Stable, C::Common},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Stable, S::Stable, C::Common},    // name
    {S::Stable, S::Stable, C::Common},    // arguments
};

class DtraceProvider : public Provider {
public:
    const char* name() const override { return "dtrace"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool made_at_start() const override { return true; }
    void match(const Description&, std::vector<Probe>& out) override {
        static const std::pair<const char*, AttachKind> kProbes[] = {
            {"BEGIN", AttachKind::Begin}, {"END", AttachKind::End}, {"ERROR", AttachKind::Error}};
        for (const auto& [n, kind] : kProbes) {
            Probe p;
            p.provider = "dtrace";
            p.name = n;
            p.plan = DtracePlan{kind};
            out.push_back(p);
        }
    }
};

}  // namespace

std::unique_ptr<Provider> make_dtrace_provider() { return std::make_unique<DtraceProvider>(); }

}  // namespace bdtrace::probes
