// Probes and providers. A provider lists the probes matching a description (creating probes
// such as profile-N on demand) and says how its probes attach; one file per provider.
#pragma once

#include <cstdint>

#include "bdtrace/diagnostic.h"
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

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
    // uprobe; empty: a return uprobe at file_offset.
    std::vector<std::pair<uint64_t, uint64_t>> return_sites;

    std::string full_name() const { return provider + ":" + module + ":" + function + ":" + name; }
};

struct Description {
    std::string provider, module, function, name;
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
    // Why the last match() found nothing, when the provider can say it in DTrace's words (the
    // pid provider: a misaligned offset, an unknown function); taken once.
    virtual std::optional<Diagnostic> take_error() { return std::nullopt; }
    // Whether probes matching a description may appear after tracing has started (the pid
    // provider: a library the process loads later); the consumer then matches it again.
    virtual bool dynamic() const { return false; }
};

// All providers, and the ids of every probe created so far.
class Registry {
public:
    Registry();
    ~Registry();
    // Probes matching a description, in id order; ids stay stable for the registry's lifetime.
    std::vector<const Probe*> match(const Description& d);
    const Probe* by_id(uint32_t id) const;
    const std::vector<std::unique_ptr<Probe>>& all() const { return probes_; }
    // A provider's reason for the last match() (see Provider::take_error), taken once.
    std::optional<Diagnostic> take_error() { return std::exchange(error_, std::nullopt); }
    // Whether a dynamic provider (Provider::dynamic) serves the description.
    bool dynamic(const Description& d) const;

private:
    const Probe* intern(const Probe& p);
    std::vector<std::unique_ptr<Provider>> providers_;
    std::vector<std::unique_ptr<Probe>> probes_;
    std::unordered_map<std::string, const Probe*> by_name_;  // full_name() -> probe
    std::optional<Diagnostic> error_;
};

std::unique_ptr<Provider> make_dtrace_provider();
std::unique_ptr<Provider> make_profile_provider();
std::unique_ptr<Provider> make_pid_provider();

// Parses "97", "5s", "100ms", "1000hz": the N of profile-N/tick-N. Returns the period in ns and,
// when given as a rate, the rate in hz.
std::optional<std::pair<uint64_t, uint64_t>> parse_profile_rate(const std::string& text);

}  // namespace bdtrace::probes
