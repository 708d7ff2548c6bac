// Probes and providers. A provider lists the probes matching a description (creating probes
// such as profile-N on demand) and says how its probes attach; one file per provider.
#pragma once

#include <cstdint>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "probes/attach_plan.h"
#include "probes/mapped_probes.h"
#include "probes/stability.h"

struct btf;

namespace bdtrace::kbtf {
class Vmlinux;
}

namespace bdtrace::probes {

// An argument a provider built on a tracepoint computes (the io provider's bufinfo_t *): the
// tracepoint's argument `from` translated by the D library's translator to `type`; from < 0:
// a NULL `struct <null_struct> *` translated (what the kernel does not give: fileinfo_t at the
// block layer).
struct TranslatedArg {
    int from = 0;
    std::string null_struct;
    std::string type;  // "bufinfo_t *"
};

struct Probe {
    uint32_t id = 0;  // DTrace's probe id
    std::string provider, module, function, name;
    // How the probe reaches the kernel, built by its provider (probes/attach_plan.h).
    AttachPlan plan;
    AttachKind kind() const { return kind_of(plan); }
    // Provider-specific plans, or null.
    template <class Plan>
    const Plan* plan_as() const {
        return std::get_if<Plan>(&plan);
    }
    // What sema asks of kernel and syscall plans (their defaults for other plans).
    KernelHook hook() const {
        const auto* k = plan_as<KernelPlan>();
        return k ? k->hook : KernelHook::Tracepoint;
    }
    std::string tracepoint() const {
        const auto* k = plan_as<KernelPlan>();
        return k ? k->tracepoint : std::string();
    }
    int32_t syscall_nr() const {
        const auto* s = plan_as<SyscallPlan>();
        return s ? s->nr : -1;
    }
    // Providers built on tracepoints (io): args[] as translations of the tracepoint's arguments
    // (empty: args[] are the tracepoint's own).
    std::vector<TranslatedArg> translated_args;

    // Other names a description may give for `function` (proc, sched, io: the kernel function's
    // names in older kernels, ProbeSite functions); such a probe is also matched by a name with
    // a compiler's suffix (do_execveat_common.isra.0), as kallsyms spells a function's clone.
    std::vector<std::string> function_aliases;

    std::string full_name() const { return provider + ":" + module + ":" + function + ":" + name; }
};

struct Description {
    std::string provider, module, function, name;
};

// DTrace's limits on the fields of a probe description, with the terminating NUL
// (DTRACE_PROVNAMELEN, _MODNAMELEN, _FUNCNAMELEN, _NAMELEN): provider, module, function, name.
inline constexpr size_t kProbeFieldLimits[] = {64, 64, 128, 64};

// What `dtrace -lv` says about one probe (dtrace_probeinfo_t): the attributes its description
// earns, the provider's argument attributes, and the argument types ("None" when empty).
struct ProbeInfo {
    Attribute attr;
    Attribute args;
    std::vector<std::string> arg_types;
    // The arguments' names where the provider knows them (syscall entry probes: the call's
    // parameters, "dfd", "filename"), empty otherwise; -lv prints them after the types.
    std::vector<std::string> arg_names;
    // USDT probes: each call site as "file offset 0x...: specs[, semaphore at 0x...]".
    std::vector<std::string> usdt_sites;
    // pid probes: each uprobe site and the kernel's path there (UprobePlan::site_paths).
    std::vector<std::string> uprobe_sites;
    // Why the probe (or some of its sites) would not be attached on this kernel, one line each.
    std::vector<std::string> skipped;
};

class Provider {
public:
    virtual ~Provider() = default;
    virtual const char* name() const = 0;
    // Appends the provider's probes that match `d` (already known to match the provider name).
    // May create probes (profile-N) whose name the description spells without globs.
    virtual void match(const Description& d, std::vector<Probe>& out) = 0;
    // Whether the provider serves this provider name (a glob by default; pid<N> for the pid
    // provider), and whether the registry should glob-match module, function and name again
    // (the pid provider matches modules by DTrace's own rules: libc for libc.so.6).
    virtual bool serves(const std::string& provider_desc) const;
    virtual bool refilter() const { return true; }
    // Whether the probes an empty description gives always exist and are cheap to make (the
    // dtrace provider's, the profile defaults): the registry makes them first, so that their
    // ids come before any probe made on demand. Others are made when named, or listed.
    virtual bool made_at_start() const { return false; }
    // Why the last match() found nothing, when the provider can say it in DTrace's words (the
    // pid provider: a misaligned offset, an unknown function); taken once. A warning when the
    // provider has no probes on this kernel (fbt): -Z lets such a description match nothing.
    virtual std::optional<Diagnostic> take_error() { return std::nullopt; }
    // Whether probes matching a description may appear after tracing has started (the pid
    // provider: a library the process loads later); the consumer then matches it again.
    virtual bool dynamic() const { return false; }
    // Whether this description, which the provider serves, may gain probes later (by default
    // every description of a dynamic provider; USDT: only those naming a process).
    virtual bool dynamic_for(const Description&) const { return dynamic(); }
    // A process the consumer created or grabbed (-c, -p): its USDT providers exist from now on
    // for descriptions whose provider is a glob or empty, as DTrace's do (dtrace -c cmd -lf main).
    virtual void add_process(uint64_t /*pid*/) {}
    // Whether every probe match() gives gets its id, matching or not (the syscall and sdt
    // providers, which make all their probes at once): ids then do not depend on which
    // description came first, as in DTrace's probe table.
    virtual bool ids_for_all() const { return false; }

    // The provider's description, one small table in its own file: the five stability
    // attributes it registers (provider, module, function, name, arguments; DTrace's
    // dtrace_pattr_t) and the types of a probe's arguments as DTrace prints them ("int",
    // "struct file *"; none when the arguments are untyped).
    virtual const ProviderAttributes& attributes() const = 0;
    virtual std::vector<std::string> arg_types(const Probe&) const { return {}; }
    // The names of those arguments, where the provider knows them (ProbeInfo::arg_names).
    virtual std::vector<std::string> arg_names(const Probe&) const { return {}; }
};

// What the fbt provider asks of its surroundings (the consumer installs the kernel's answers;
// tests give their own): whether fentry works ("" when it does, else the line to report),
// the kernel's BTF, and the functions ftrace can hook (empty: no filter).
struct FbtSource {
    std::function<std::string()> check;
    std::function<const struct btf*()> btf;
    std::function<std::unordered_set<std::string>()> traceable;
};

// All providers, and the ids of every probe created so far.
class Registry {
public:
    // `vmlinux`: the kernel's BTF, owned with the consumer's other readers of it (null: one of
    // the registry's own, opened when a provider first needs it).
    explicit Registry(std::shared_ptr<const kbtf::Vmlinux> vmlinux = nullptr);
    ~Registry();
    const kbtf::Vmlinux& vmlinux() const { return *vmlinux_; }
    // Probes matching a description, in id order; ids stay stable for the registry's lifetime.
    std::vector<const Probe*> match(const Description& d);
    // Every probe the providers know (dtrace -l): each provider makes every probe an empty
    // description names; with those made before, in id order.
    std::vector<const Probe*> list_all();
    const Probe* by_id(uint32_t id) const;
    const std::vector<std::unique_ptr<Probe>>& all() const { return probes_; }
    // What dtrace -lv prints for a probe of this registry (DTrace's dt_probe_info for the
    // probe's own full description).
    ProbeInfo info(const Probe& p) const;
    // For a description that matches nothing: a probe a near description matches, when that
    // names one probe (the same provider and name in another module or function; a name one
    // or two letters away), for DTrace's complaint to end with "did you mean ...?". Asks only
    // providers whose probes all exist already (Provider::ids_for_all), so no probe is made.
    std::optional<std::string> near_match(const Description& d);
    // A provider's reason for the last match() (see Provider::take_error), taken once.
    std::optional<Diagnostic> take_error() { return std::exchange(error_, std::nullopt); }
    // Whether a dynamic provider (Provider::dynamic) serves the description.
    bool dynamic(const Description& d) const;
    // How the fbt provider learns whether the kernel allows fentry: called once, when a
    // description first names fbt; returns "" when it does, else the line to report. The
    // kernel's BTF and hookable functions default to the running kernel's.
    void set_fbt_check(std::function<std::string()> check) { fbt_.check = std::move(check); }
    void set_fbt_source(FbtSource source) { fbt_ = std::move(source); }
    // A process created or grabbed (Provider::add_process).
    void add_process(uint64_t pid) {
        for (auto& p : providers_) p->add_process(pid);
    }

private:
    const Probe* intern(const Probe& p, size_t provider);
    const Probe* intern(Probe&& p, size_t provider);
    void collect(size_t provider, const Description& d, std::vector<const Probe*>& out);
    std::vector<std::unique_ptr<Provider>> providers_;
    std::vector<std::unique_ptr<Probe>> probes_;
    std::vector<size_t> owner_;  // per probe (id - 1): its provider's index in providers_
    std::vector<std::vector<const Probe*>> by_provider_;  // per provider: its probes, by id
    std::unordered_map<std::string, const Probe*> by_name_;  // every probe by its four fields
    std::optional<Diagnostic> error_;
    std::shared_ptr<const kbtf::Vmlinux> vmlinux_;
    FbtSource fbt_;
};

std::unique_ptr<Provider> make_dtrace_provider();
std::unique_ptr<Provider> make_profile_provider();
std::unique_ptr<Provider> make_pid_provider();
// A pid description that names a file rather than a process (pid*:libc.so.6:..., a provider
// pattern matching "pid" that is not pid<digits>, with a module that is one file): its probes
// are in every process of the file, those started later included; kept with -Z when the file
// is not there yet, and matched when a process runs or maps it (api/consumer_watch.cpp).
bool pid_system_wide(const Description& d);
std::unique_ptr<Provider> make_usdt_provider();
// A USDT description that names files rather than a process (a provider glob without a pid,
// or a module that is a path): it matches in every process, and in files that appear later.
bool usdt_system_wide(const Description& d);
std::unique_ptr<Provider> make_syscall_provider(const kbtf::Vmlinux& vmlinux);
std::unique_ptr<Provider> make_sdt_provider(const kbtf::Vmlinux& vmlinux);
std::unique_ptr<Provider> make_proc_provider(const kbtf::Vmlinux& vmlinux);
std::unique_ptr<Provider> make_sched_provider(const kbtf::Vmlinux& vmlinux);
std::unique_ptr<Provider> make_io_provider(const kbtf::Vmlinux& vmlinux);
std::unique_ptr<Provider> make_fbt_provider(const FbtSource* source);

// Parses "97", "5s", "100ms", "1000hz": the N of profile-N/tick-N. Returns the period in ns and,
// when given as a rate, the rate in hz.
std::optional<std::pair<uint64_t, uint64_t>> parse_profile_rate(const std::string& text);

}  // namespace bdtrace::probes
