// The pid provider: pid<PID>:module:function:name names functions of one running process (entry,
// return, or an instruction offset). Probes are resolved in the process (process/pid_probes.h)
// when a description names them; each becomes a uprobe on the object file at a file offset,
// filtered to that process by the kernel.
//
// Beyond DTrace, a provider pattern that is not pid<digits> but matches "pid" (pid*, pid, p*d)
// with a module naming a file (a library as the dynamic loader finds it, or a path, given
// through a macro argument: process/library_path.h) names that file's functions in every process,
// present and future: the probes' provider is "pid" (no pid: every process, as a system-wide USDT
// provider has none), the uprobes have no process filter (pid 0), and pid, execname and ustack()
// are those of the process that fired.
#include <cctype>
#include <set>
#include <utility>

#include "util/glob.h"
#include "process/library_path.h"
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

    // An explicit pid<digits> (the probes of a process exist once it is named), or a pattern
    // naming the provider system-wide (not only wildcards: "*" alone stays every provider's).
    bool serves(const std::string& provider_desc) const override {
        return per_process(provider_desc) || system_wide(provider_desc);
    }
    bool refilter() const override { return false; }
    bool dynamic() const override { return true; }
    // A process's descriptions are matched again when it loads a library. System-wide ones name
    // files: one that names no file yet (kept with -Z) is matched again when a process runs or
    // maps the file (the process watch, api/consumer_watch.cpp).
    bool dynamic_for(const Description& d) const override {
        if (per_process(d.provider)) return true;
        return system_wide(d.provider) && !d.module.empty() && !util::has_glob(d.module) &&
               !process::resolve_module_file(d.module);
    }
    std::optional<Diagnostic> take_error() override { return std::exchange(error_, std::nullopt); }

    void match(const Description& d, std::vector<Probe>& out) override {
        if (!per_process(d.provider)) {
            match_files(d, out);
            return;
        }
        Diagnostic err;
        auto prov = process::parse_pid_provider(d.provider, err);
        if (!prov) {
            error_ = err;  // DTrace's D_PROC_BADPID ("pid0" is no process)
            return;
        }
        if (!util::glob_match(prov->prefix, "pid")) return;
        process::PidResolution res = resolver_.resolve(prov->pid, d.module, d.function, d.name);
        if (res.error) {
            error_ = res.error;
            return;
        }
        // The resolution is this call's: its strings are moved into the probes.
        const std::string provider = "pid" + std::to_string(prov->pid);
        std::vector<std::string> paths;  // by object
        for (const auto& obj : res.objects) paths.push_back(obj.mapping.root + obj.mapping.path);
        out.reserve(out.size() + res.probes.size());
        for (auto& p : res.probes) {
            Probe probe;
            probe.provider = provider;
            probe.module = std::move(p.module);
            probe.function = std::move(p.function);
            probe.name = std::move(p.name);
            UprobePlan plan;
            plan.pid = prov->pid;
            plan.path = paths.at(p.object);
            plan.file_offset = p.file_offset;
            plan.returns = p.kind == process::PidProbeKind::Return;
            plan.return_sites = std::move(p.return_sites);
            plan.return_uprobe = p.return_uprobe;
            plan.entry_exact = {p.exact_file_offset, p.exact_offset};
            plan.entry_further = {p.further_file_offset, p.further_offset};
            plan.site_paths = std::move(p.site_paths);
            plan.nop5_site = p.nop5;
            probe.plan = std::move(plan);
            out.push_back(std::move(probe));
        }
        // Why a function named plainly has no return probe (it matches nothing then).
        if (res.warning) error_ = res.warning;
    }

    static bool system_wide(const std::string& provider_desc) {
        return provider_desc.find_first_not_of("*?") != std::string::npos && util::glob_match(provider_desc, "pid");
    }

private:
    // A process named by its digits: pid<digits>, or a glob that "pid" matches before them
    // (p*d$target): the probes of a process exist once it is named.
    static bool per_process(const std::string& provider_desc) {
        size_t digits = provider_desc.size();
        while (digits > 0 && std::isdigit(static_cast<unsigned char>(provider_desc[digits - 1]))) --digits;
        if (digits == 0 || digits == provider_desc.size()) return false;
        return util::glob_match(std::string_view(provider_desc).substr(0, digits), "pid");
    }

    // A module naming one file (not a pattern, not empty): its probes in every process.
    void match_files(const Description& d, std::vector<Probe>& out) {
        if (d.module.empty() || util::has_glob(d.module)) return;
        auto path = process::resolve_module_file(d.module);
        if (!path) return;
        // A library is shown by its base name, as the pid provider shows it in a process; a path
        // given as the module is shown as given (as system-wide USDT probes show theirs).
        std::string shown = d.module.find('/') != std::string::npos ? d.module : path->substr(path->rfind('/') + 1);
        process::PidResolution res = resolver_.resolve_file(*path, shown, d.function, d.name);
        if (res.error) {
            error_ = res.error;
            return;
        }
        std::set<uint64_t> functions;
        for (const auto& p : res.probes) {
            Probe probe;
            probe.provider = "pid";
            probe.module = p.module;
            probe.function = p.function;
            probe.name = p.name;
            UprobePlan plan;
            plan.pid = 0;
            plan.path = *path;
            plan.file_offset = p.file_offset;
            plan.returns = p.kind == process::PidProbeKind::Return;
            plan.return_sites = p.return_sites;
            plan.return_uprobe = p.return_uprobe;
            plan.nop5_site = p.nop5;
            probe.plan = std::move(plan);
            functions.insert(p.symbol_vaddr);
            out.push_back(std::move(probe));
        }
        if (res.warning) error_ = res.warning;
        // Every call of every function traps into the kernel, in every process on the machine.
        if (functions.size() > kManyFunctions && !error_)
            error_ = Diagnostic{Severity::Warning, "D_PROC_MANY", {},
                                "warning: description '" + d.provider + ":" + d.module + ":" + d.function + ":" + d.name +
                                    "' matches " + std::to_string(functions.size()) + " functions of " + *path +
                                    " in every process: each call of each traps into the kernel"};
    }

    // More functions than this in one system-wide description earns a warning.
    static constexpr size_t kManyFunctions = 1000;

    process::PidProbeResolver resolver_;
    std::optional<Diagnostic> error_;
};

}  // namespace

std::unique_ptr<Provider> make_pid_provider() { return std::make_unique<PidProvider>(); }

bool pid_system_wide(const Description& d) {
    return PidProvider::system_wide(d.provider) && !d.module.empty() && !util::has_glob(d.module);
}

}  // namespace bdtrace::probes
