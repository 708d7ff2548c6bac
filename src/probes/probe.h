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
#include "probes/mapped_probes.h"
#include "probes/stability.h"
#include "process/usdt_args.h"

struct btf;

namespace bdtrace::kbtf {
class Vmlinux;
}

namespace bdtrace::probes {

// How a probe reaches the kernel: the code generator makes one program per kind.
enum class AttachKind {
    Begin,    // dtrace:::BEGIN: run by the consumer before tracing starts
    End,      // dtrace:::END: run by the consumer after tracing stops
    Error,    // dtrace:::ERROR: called from the fault path of other clauses
    Profile,  // profile-N: cpu-clock on every CPU
    Tick,     // tick-N: cpu-clock on one CPU
    Uprobe,     // pid provider entry and offset probes: uprobe_multi on a file, for one process
    Uretprobe,  // pid provider return probes
    Usdt,       // USDT probes: uprobe_multi on each call site, arguments from the site's specs
    SyscallEntry,   // syscall provider entry probes: tp_btf on sys_enter, nr dispatch
    SyscallReturn,  // syscall provider return probes: tp_btf on sys_exit
    Sdt,            // sdt provider: a raw tracepoint per probe, cookie = probe id
};

// How an sdt-path probe reaches its event: a raw tracepoint (the sdt, proc, sched and io
// providers), or a kernel function's entry or return through a BPF trampoline (fbt: fentry and
// fexit, one program load per function, attached at the function's BTF id).
enum class KernelHook : uint8_t { Tracepoint, Fentry, Fexit };

// One call site of a USDT probe: where its uprobe goes, its semaphore (0: none) and where each
// argument lives at that site.
struct UsdtSite {
    uint64_t file_offset = 0;
    uint64_t ref_ctr_offset = 0;
    std::vector<process::UsdtArg> args;
    std::string arg_text;
    std::string error;  // why the specs cannot be used: such a site is listed, never attached
    bool nop5 = false;  // a 5-byte NOP inside a function (see Probe::nop5_site)
    std::string path;   // -lv: the instruction and the kernel's path ("nop: emulated")
};

// A uprobe's place for a pid probe that may lie past the function's first instruction: the file
// offset, and how many bytes past the first instruction it lies (the code generator gives the
// first instruction's address back to uregs[R_PC] and ustack()).
struct UprobeSite {
    uint64_t file_offset = 0;
    uint64_t skip = 0;
};

// The kinds that attach as uprobes (one uprobe_multi link per file and process, the probe
// table's dispatch, pt_regs as the context).
inline bool is_uprobe_kind(AttachKind k) {
    return k == AttachKind::Uprobe || k == AttachKind::Uretprobe || k == AttachKind::Usdt;
}

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
    AttachKind attach = AttachKind::Begin;
    uint64_t period_ns = 0;  // Profile/Tick: the sampling period
    uint64_t frequency = 0;  // Profile/Tick given in hz: the rate (the kernel keeps it)
    // Uprobe/Uretprobe: the process, the file as this process reaches it, the uprobe's offset.
    uint64_t pid = 0;
    std::string path;
    uint64_t file_offset = 0;
    // Uretprobe: (file offset, offset in the function) of each returning instruction, each a
    // uprobe (DTrace's form: arg0 is the site's offset).
    std::vector<std::pair<uint64_t, uint64_t>> return_sites;
    // Uretprobe: the kernel's return trampoline may serve this probe (process/uretprobe_safety.h
    // and the pid provider's rules): a return uprobe trapping at entry_further. Used when no
    // clause of the probe reads what only the returning instruction knows (arg0, uregs[], the
    // user stack), or when there are no return_sites (a function that does not decode: arg0 0).
    bool return_uprobe = false;
    // Uprobe entry probes, and the trap of a Uretprobe's return uprobe: where the uprobe goes
    // (process/entry_site.h). entry_exact lies past instructions that change no register,
    // entry_further past scratch-register arithmetic too (used when no clause of the probe
    // reads uregs[]); both are {file_offset, 0} when the entry stays at the first instruction.
    UprobeSite entry_exact, entry_further;
    // -lv: each uprobe site of the probe and the kernel's path there (process/uprobe_path.h).
    std::vector<std::string> site_paths;
    // Uprobe: the site is a 5-byte NOP other than the function's first instruction, which a
    // kernel without Feature::UprobeNop5 would rewrite into a CALL writing into the red zone.
    bool nop5_site = false;
    // Usdt: the call sites (pid 0: in every process mapping `path`).
    std::vector<UsdtSite> usdt_sites;
    int32_t syscall_nr = -1;  // SyscallEntry/SyscallReturn: the x86-64 system call number
    int32_t tp_nargs = -1;    // Sdt: the tracepoint's argument count (name: the tracepoint)
    // Sdt probes of providers built on tracepoints (proc, sched, io): the tracepoint when it is
    // not `name`; proc and sched: when the tracepoint is the probe (guard, guard2, guard3); io: args[]
    // as translations of its arguments (empty: args[] are the tracepoint's own).
    std::string tracepoint;
    ProbeGuard guard;
    ProbeGuard guard2;
    ProbeGuard guard3;
    std::vector<ProbeSite> also;  // proc and sched: the other tracepoints the probe fires at
    int32_t identity_arg = -1;    // >= 0: the task argument whose identity clauses take (on-cpu)
    std::vector<TranslatedArg> translated_args;
    // Sdt probes: where they attach (fbt: Fentry or Fexit at the kernel function `function`;
    // tp_nargs is then the context's argument slots, the return value's included for Fexit).
    KernelHook hook = KernelHook::Tracepoint;

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
    // pid probes: each uprobe site and the kernel's path there (Probe::site_paths).
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
