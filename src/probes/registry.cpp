#include "probes/glob.h"
#include "probes/probe.h"

namespace bdtrace::probes {

Registry::Registry() {
    providers_.push_back(make_dtrace_provider());
    providers_.push_back(make_profile_provider());
    providers_.push_back(make_pid_provider());
    // Create the dtrace provider's probes first so that BEGIN, END and ERROR are ids 1, 2, 3.
    match(Description{"dtrace", "", "", ""});
}

Registry::~Registry() = default;

bool Provider::serves(const std::string& provider_desc) const { return glob_match(provider_desc, name()); }

const Probe* Registry::intern(const Probe& p) {
    auto [it, fresh] = by_name_.try_emplace(p.full_name(), nullptr);
    if (!fresh) return it->second;
    auto copy = std::make_unique<Probe>(p);
    copy->id = static_cast<uint32_t>(probes_.size() + 1);
    probes_.push_back(std::move(copy));
    it->second = probes_.back().get();
    return it->second;
}

bool Registry::dynamic(const Description& d) const {
    for (const auto& prov : providers_)
        if (prov->dynamic() && prov->serves(d.provider)) return true;
    return false;
}

std::vector<const Probe*> Registry::match(const Description& d) {
    std::vector<const Probe*> out;
    for (auto& prov : providers_) {
        if (!prov->serves(d.provider)) continue;
        std::vector<Probe> found;
        prov->match(d, found);
        if (auto e = prov->take_error()) error_ = std::move(e);
        for (const auto& p : found) {
            if (prov->refilter() && (!glob_match(d.module, p.module) || !glob_match(d.function, p.function) ||
                                     !glob_match(d.name, p.name)))
                continue;
            out.push_back(intern(p));
        }
    }
    return out;
}

const Probe* Registry::by_id(uint32_t id) const {
    return id >= 1 && id <= probes_.size() ? probes_[id - 1].get() : nullptr;
}

}  // namespace bdtrace::probes
