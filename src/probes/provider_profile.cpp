// The profile provider: profile-N fires on every CPU, tick-N on one, at a rate or period N
// (a bare number is hz; suffixes ns us ms s m h d hz). Probes are created when a description
// names them; a few common ones always exist, as in DTrace.
#include <cctype>
#include <cstdlib>
#include <strings.h>

#include "util/glob.h"
#include "probes/probe.h"

namespace bdtrace::probes {

std::optional<std::pair<uint64_t, uint64_t>> parse_profile_rate(const std::string& text) {
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return std::nullopt;
    char* end = nullptr;
    uint64_t n = std::strtoull(text.c_str(), &end, 10);
    std::string unit = end;
    static const std::pair<const char*, uint64_t> kUnits[] = {
        {"ns", 1},         {"nsec", 1},        {"us", 1000},          {"usec", 1000},
        {"ms", 1000000},   {"msec", 1000000},  {"s", 1000000000},     {"sec", 1000000000},
        {"m", 60000000000}, {"min", 60000000000}, {"h", 3600000000000}, {"hour", 3600000000000},
        {"d", 86400000000000}, {"day", 86400000000000},
    };
    if (n == 0) return std::nullopt;
    if (unit.empty() || strcasecmp(unit.c_str(), "hz") == 0) return std::make_pair(1000000000 / n, n);
    for (const auto& [u, mul] : kUnits)
        if (strcasecmp(unit.c_str(), u) == 0) return std::make_pair(n * mul, uint64_t{0});
    return std::nullopt;
}

namespace {

constexpr uint64_t kMinIntervalNs = 200000;

using S = Stability;
using C = DepClass;

// The profile provider's attributes (illumos profile.c); its arguments (the interrupted kernel
// and user program counters) are untyped.
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Common},  // provider
    {S::Unstable, S::Unstable, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},    // function
    {S::Evolving, S::Evolving, C::Common},  // name
    {S::Evolving, S::Evolving, C::Common},  // arguments
};

class ProfileProvider : public Provider {
public:
    const char* name() const override { return "profile"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    bool made_at_start() const override { return true; }

    void match(const Description& d, std::vector<Probe>& out) override {
        // The probes DTrace's profile provider always has (profile_rates, profile_ticks).
        static const char* kDefaults[] = {
            "profile-97", "profile-199", "profile-499", "profile-997", "profile-1999", "profile-4001",
            "profile-4999", "tick-1",    "tick-10",     "tick-100",    "tick-500",     "tick-1000",
            "tick-5000"};
        bool named_default = false;
        for (const char* n : kDefaults) {
            add(n, out);
            named_default = named_default || d.name == n;
        }
        // A name that is neither a pattern nor a default is created on demand (once: a default
        // named again would be listed twice by -l).
        if (!d.name.empty() && !util::has_glob(d.name) && !named_default) add(d.name, out);
    }

private:
    static void add(const std::string& name, std::vector<Probe>& out) {
        bool tick = name.rfind("tick-", 0) == 0;
        bool profile = name.rfind("profile-", 0) == 0;
        if (!tick && !profile) return;
        auto rate = parse_profile_rate(name.substr(tick ? 5 : 8));
        // DTrace's profile provider refuses intervals below 200 us (above 5000 Hz).
        if (!rate || rate->first < kMinIntervalNs) return;
        Probe p;
        p.provider = "profile";
        p.name = name;
        p.plan = ProfilePlan{rate->first, rate->second, tick};
        out.push_back(p);
    }
};

}  // namespace

std::unique_ptr<Provider> make_profile_provider() { return std::make_unique<ProfileProvider>(); }

}  // namespace bdtrace::probes
