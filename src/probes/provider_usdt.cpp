// USDT probes (<sys/sdt.h>, the notes process/usdt_notes.h reads), named as DTrace names them:
// provider<PID>:module:function:name, module as the pid provider names it (a.out, libc.so.6),
// function the one holding the call site, name with "__" turned into "-". Beyond DTrace, a
// provider glob without a pid (python*:::function-entry), or a module that is a path
// (myprov:/path/to/bin::go), names the probes of files rather than of a process: they fire in
// every process that maps the file (pid 0), including processes started later; their module is
// the file's name too. With processes of the consumer's own (-c, -p), a provider glob names
// theirs instead, pid and all, as DTrace's does.
#include <cctype>
#include <utility>

#include "util/glob.h"
#include "probes/probe.h"
#include "process/pid_probes.h"
#include "process/usdt_probes.h"

namespace bdtrace::probes {

namespace {

using S = Stability;
using C = DepClass;

// DTrace's attributes for USDT providers compiled by dtrace -G default to these (dt_provider's
// defaults for a provider whose definition says nothing more).
constexpr ProviderAttributes kAttributes = {
    {S::Evolving, S::Evolving, C::Isa},    // provider
    {S::Private, S::Private, C::Unknown},  // module
    {S::Private, S::Private, C::Unknown},  // function
    {S::Evolving, S::Evolving, C::Isa},    // name
    {S::Private, S::Private, C::Unknown},  // arguments
};

// "myprov1234" -> ("myprov", 1234); not for the pid provider's own pid<N>.
std::optional<process::PidProvider> per_process(const std::string& provider) {
    Diagnostic ignored;
    auto p = process::parse_pid_provider(provider, ignored);
    if (!p || p->prefix == "pid") return std::nullopt;
    return p;
}

bool only_globs(const std::string& s) { return s.find_first_not_of("*?") == std::string::npos; }

class UsdtProvider : public Provider {
public:
    const char* name() const override { return "usdt"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }

    // Any provider name that is not a bare glob: which exist is known only by looking (in the
    // process a pid names, or system-wide for a glob or a path module; see match()).
    bool serves(const std::string& provider_desc) const override {
        if (provider_desc.empty() || only_globs(provider_desc)) return !pids_.empty();
        if (provider_desc.size() > 3 && provider_desc.compare(0, 3, "pid") == 0 && !per_process(provider_desc) &&
            std::isdigit(static_cast<unsigned char>(provider_desc.back())))
            return false;
        return true;
    }
    bool refilter() const override { return false; }
    bool dynamic() const override { return true; }
    // A process's descriptions (and globs over the consumer's processes) are matched again
    // when it loads a library; system-wide ones when a process starts running or maps a file
    // not seen before (the process watch, which also holds the commands of system() until then).
    bool dynamic_for(const Description& d) const override {
        if (per_process(d.provider) || usdt_system_wide(d)) return true;
        // Not a path module: it names its file from the start.
        return util::has_glob(d.provider) && (d.module.empty() || d.module[0] != '/');
    }

    void add_process(uint64_t pid) override { pids_.push_back(pid); }

    void match(const Description& d, std::vector<Probe>& out) override {
        std::vector<process::UsdtProbe> found;
        bool system_wide = false;
        if (auto p = per_process(d.provider)) {
            found = resolver_.resolve(p->pid, p->prefix, d.module, d.function, d.name);
        } else if (!pids_.empty() && (d.provider.empty() || util::has_glob(d.provider))) {
            // With processes of its own (-c, -p), a glob names their providers, pid and all
            // (test_prov1234), as DTrace's does: not every process's.
            for (uint64_t pid : pids_)
                for (auto& u : resolver_.resolve(pid, "*", d.module, d.function, d.name))
                    if (util::glob_match(d.provider, u.provider + std::to_string(u.pid))) found.push_back(std::move(u));
        } else if (usdt_system_wide(d)) {
            found = resolver_.resolve_all(d.provider, d.module, d.function, d.name);
            system_wide = true;
        }
        for (auto& u : found) {
            if (u.sites.empty()) continue;
            Probe probe;
            probe.provider = system_wide ? u.provider : u.provider + std::to_string(u.pid);
            probe.module = u.module;
            probe.function = u.function;
            probe.name = u.name;
            UsdtPlan plan;
            plan.pid = u.pid;
            plan.path = u.path;
            for (auto& s : u.sites)
                plan.sites.push_back({s.file_offset, s.ref_ctr_offset, std::move(s.args), std::move(s.arg_text),
                                      std::move(s.error), s.nop5, std::move(s.path)});
            probe.plan = std::move(plan);
            out.push_back(std::move(probe));
        }
    }

    // USDT arguments have no types in the notes: DTrace's untyped args[] (as for pid probes).
private:
    process::UsdtResolver resolver_;
    std::vector<uint64_t> pids_;  // the consumer's processes
};

}  // namespace

std::unique_ptr<Provider> make_usdt_provider() { return std::make_unique<UsdtProvider>(); }

bool usdt_system_wide(const Description& d) {
    if (d.provider.empty() || only_globs(d.provider) || per_process(d.provider)) return false;
    if (d.provider.size() > 3 && d.provider.compare(0, 3, "pid") == 0 &&
        std::isdigit(static_cast<unsigned char>(d.provider.back())))
        return false;
    // A pattern "pid" matches names the pid provider's system-wide probes (pid*:libc.so.6:...):
    // inode uprobes the kernel applies to new processes itself, not USDT providers to watch for.
    if (util::glob_match(d.provider, "pid")) return false;
    return util::has_glob(d.provider) || (!d.module.empty() && d.module[0] == '/');
}

}  // namespace bdtrace::probes
