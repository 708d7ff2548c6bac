#include <algorithm>
#include <cstdio>

#include "btf/vmlinux.h"
#include "util/glob.h"
#include "probes/probe.h"

namespace bdtrace::probes {

namespace {

// A probe's four fields as one key. NUL cannot occur in a field, so keys cannot collide.
std::string key_of(const Probe& p) {
    std::string k;
    k.reserve(p.provider.size() + p.module.size() + p.function.size() + p.name.size() + 3);
    k.append(p.provider).push_back('\0');
    k.append(p.module).push_back('\0');
    k.append(p.function).push_back('\0');
    k.append(p.name);
    // System-wide USDT probes are named after their file's base name, as DTrace names modules:
    // two files of one name are two sets of probes all the same.
    if (const auto* u = p.plan_as<UsdtPlan>(); u && u->pid == 0) k.append(1, '\0').append(u->path);
    return k;
}

// DTrace's strisglob(), with an empty field counting as a pattern (dt_probe_info).
bool field_is_glob(const std::string& f) { return f.empty() || f.find_first_of("*?[") != std::string::npos; }

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string usdt_site_text(const UsdtSite& s) {
    std::string out = "offset " + hex(s.file_offset) + ": " + (s.arg_text.empty() ? "no arguments" : s.arg_text);
    if (s.ref_ctr_offset) out += " (semaphore at offset " + hex(s.ref_ctr_offset) + ")";
    if (!s.error.empty()) out += ": not traced: " + s.error;
    else if (!s.path.empty()) out += "; " + s.path;
    return out;
}

// A description's function field against a probe's function and its other names; a name with
// a compiler's suffix (kallsyms' do_execveat_common.isra.0, foo.constprop.0, foo.cold) matches
// a kernel function's probe under its plain name.
bool function_matches(const std::string& pattern, const Probe& p) {
    if (util::glob_match(pattern, p.function)) return true;
    if (p.function_aliases.empty()) return false;
    for (const std::string& a : p.function_aliases)
        if (util::glob_match(pattern, a)) return true;
    size_t dot = pattern.find('.');
    if (dot == std::string::npos || dot == 0 || util::has_glob(pattern)) return false;
    std::string_view base(pattern.data(), dot);
    if (base == p.function) return true;
    return std::find(p.function_aliases.begin(), p.function_aliases.end(), base) != p.function_aliases.end();
}

// Levenshtein distance, for names one or two letters away.
size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

}  // namespace

Registry::Registry(std::shared_ptr<const kbtf::Vmlinux> vmlinux)
    : vmlinux_(vmlinux ? std::move(vmlinux) : std::make_shared<kbtf::Vmlinux>()) {
    fbt_.btf = [v = vmlinux_.get()] { return v->parsed(); };
    providers_.push_back(make_dtrace_provider());
    providers_.push_back(make_profile_provider());
    providers_.push_back(make_pid_provider());
    providers_.push_back(make_usdt_provider());
    providers_.push_back(make_syscall_provider(*vmlinux_));
    providers_.push_back(make_sdt_provider(*vmlinux_));
    providers_.push_back(make_proc_provider(*vmlinux_));
    providers_.push_back(make_sched_provider(*vmlinux_));
    providers_.push_back(make_io_provider(*vmlinux_));
    providers_.push_back(make_fbt_provider(&fbt_));
    by_provider_.resize(providers_.size());
    // The probes that always exist get the first ids, as in DTrace: BEGIN, END and ERROR are
    // 1, 2, 3, then the profile provider's defaults; probes created on demand come after.
    std::vector<const Probe*> ignored;
    for (size_t i = 0; i < providers_.size(); ++i)
        if (providers_[i]->made_at_start()) collect(i, Description{}, ignored);
}

Registry::~Registry() = default;

bool Provider::serves(const std::string& provider_desc) const { return util::glob_match(provider_desc, name()); }

const Probe* Registry::intern(const Probe& p, size_t provider) {
    if (auto it = by_name_.find(key_of(p)); it != by_name_.end()) return it->second;
    return intern(Probe(p), provider);
}

// The probe moved in: a provider that makes all its probes at once (syscall's ~1,500) is not
// copied again.
const Probe* Registry::intern(Probe&& p, size_t provider) {
    std::string key = key_of(p);
    if (auto it = by_name_.find(key); it != by_name_.end()) return it->second;
    auto copy = std::make_unique<Probe>(std::move(p));
    copy->id = static_cast<uint32_t>(probes_.size() + 1);
    probes_.push_back(std::move(copy));
    owner_.push_back(provider);
    by_provider_[provider].push_back(probes_.back().get());
    by_name_.emplace(std::move(key), probes_.back().get());
    return probes_.back().get();
}

bool Registry::dynamic(const Description& d) const {
    for (const auto& prov : providers_)
        if (prov->serves(d.provider) && prov->dynamic_for(d)) return true;
    return false;
}

void Registry::collect(size_t provider, const Description& d, std::vector<const Probe*>& out) {
    Provider& prov = *providers_[provider];
    std::vector<Probe> found;
    prov.match(d, found);
    if (auto e = prov.take_error()) error_ = std::move(e);
    auto matches = [&](const Probe& p) {
        return util::glob_match(d.module, p.module) && function_matches(d.function, p) && util::glob_match(d.name, p.name);
    };
    size_t first = out.size();
    // Every probe found is interned (moved: found is not used after), those that match the
    // description returned.
    for (auto& p : found) {
        bool wanted = !prov.refilter() || matches(p);
        if (!wanted && !prov.ids_for_all()) continue;
        const Probe* in = intern(std::move(p), provider);
        if (wanted) out.push_back(in);
    }
    if (!prov.refilter()) return;
    // A probe made on demand earlier (profile's tick-1s) exists from then on: a pattern that
    // the provider's own list does not cover matches it too, as in DTrace's probe table.
    std::vector<bool> seen(probes_.size() + 1, false);
    for (size_t i = first; i < out.size(); ++i) seen[out[i]->id] = true;
    for (const Probe* p : by_provider_[provider])
        if (!seen[p->id] && matches(*p)) out.push_back(p);
}

std::vector<const Probe*> Registry::match(const Description& d) {
    std::vector<const Probe*> out;
    for (size_t i = 0; i < providers_.size(); ++i)
        if (providers_[i]->serves(d.provider)) collect(i, d, out);
    // In id order, as DTrace's probe iteration gives them.
    std::sort(out.begin(), out.end(), [](const Probe* a, const Probe* b) { return a->id < b->id; });
    return out;
}

std::optional<std::string> Registry::near_match(const Description& d) {
    auto probes_of = [&](const Description& near) {
        std::vector<const Probe*> out;
        for (size_t i = 0; i < providers_.size(); ++i)
            if (providers_[i]->ids_for_all() && providers_[i]->serves(near.provider)) collect(i, near, out);
        error_.reset();
        return out;
    };
    if (!d.module.empty() || !d.function.empty()) {
        auto found = probes_of({d.provider, "", "", d.name});
        if (found.size() == 1) return found[0]->full_name();
    }
    if (!d.name.empty() && !util::has_glob(d.name)) {
        const Probe* best = nullptr;
        size_t best_distance = 3;
        bool tie = false;
        for (const Probe* p : probes_of({d.provider, d.module, d.function, ""})) {
            size_t dist = edit_distance(d.name, p->name);
            if (dist < best_distance) {
                best = p, best_distance = dist, tie = false;
            } else if (dist == best_distance && best && best->name != p->name) {
                tie = true;
            }
        }
        // The description with the name mended: every probe it then matches is meant.
        if (best && !tie) return d.provider + ":" + d.module + ":" + d.function + ":" + best->name;
    }
    return std::nullopt;
}

std::vector<const Probe*> Registry::list_all() {
    match(Description{});  // every provider makes all the probes it can name
    std::vector<const Probe*> out;
    out.reserve(probes_.size());
    for (const auto& p : probes_) out.push_back(p.get());
    return out;
}

const Probe* Registry::by_id(uint32_t id) const {
    return id >= 1 && id <= probes_.size() ? probes_[id - 1].get() : nullptr;
}

// dt_probe_info for a probe's own description: the provider's attribute, weakened by those of
// the module, function and name fields that are given (an empty field counts as a pattern, so
// dtrace:::BEGIN earns the provider's and the name's only).
ProbeInfo Registry::info(const Probe& p) const {
    const Provider& prov = *providers_[owner_.at(p.id - 1)];
    const ProviderAttributes& pa = prov.attributes();
    ProbeInfo info;
    info.attr = pa.provider;
    if (!field_is_glob(p.module)) info.attr = attr_min(info.attr, pa.module);
    if (!field_is_glob(p.function)) info.attr = attr_min(info.attr, pa.function);
    if (!field_is_glob(p.name)) info.attr = attr_min(info.attr, pa.name);
    info.args = pa.args;
    info.arg_types = prov.arg_types(p);
    info.arg_names = prov.arg_names(p);
    if (const auto* u = p.plan_as<UsdtPlan>())
        for (const auto& site : u->sites) info.usdt_sites.push_back(usdt_site_text(site));
    if (const auto* u = p.plan_as<UprobePlan>()) info.uprobe_sites = u->site_paths;
    return info;
}

}  // namespace bdtrace::probes
