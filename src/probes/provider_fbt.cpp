// The fbt provider's stand-in: fbt needs fentry/fexit programs, which some kernels refuse (this
// project's VM answers EPERM). A description naming fbt asks the kernel once, through the check
// the consumer installs (Registry::set_fbt_check), and an unavailable fbt is reported in one
// line in DTrace's words instead of "does not match any probes". fbt's probes themselves are
// not built yet: where fentry works, fbt descriptions match nothing.
#include "probes/glob.h"
#include "probes/probe.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's fbt provider attributes.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Common},  // provider
    {S::Private, S::Private, C::Unknown},   // module
    {S::Private, S::Private, C::Isa},       // function
    {S::Evolving, S::Evolving, C::Common},  // name
    {S::Private, S::Private, C::Isa},       // arguments
};

class FbtProvider : public Provider {
public:
    explicit FbtProvider(const std::function<std::string()>* check) : check_(check) {}
    const char* name() const override { return "fbt"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    std::optional<Diagnostic> take_error() override { return std::exchange(error_, std::nullopt); }

    // Only a description that names fbt itself asks the kernel (not `dtrace -l`, not `*:::`).
    void match(const Description& d, std::vector<Probe>&) override {
        if (d.provider != "fbt" || !*check_) return;
        if (!asked_) why_ = (*check_)(), asked_ = true;
        if (!why_.empty()) error_ = Diagnostic{Severity::Error, "D_PDESC_INVAL", {}, why_};
    }

private:
    const std::function<std::string()>* check_;
    bool asked_ = false;
    std::string why_;
    std::optional<Diagnostic> error_;
};

}  // namespace

std::unique_ptr<Provider> make_fbt_provider(const std::function<std::string()>* check) {
    return std::make_unique<FbtProvider>(check);
}

}  // namespace bdtrace::probes
