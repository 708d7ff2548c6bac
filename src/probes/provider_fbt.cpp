// The fbt provider: fbt:vmlinux:<function>:entry and :return for every kernel function a BPF
// trampoline can hook (probes/kernel_functions.h). Entry probes are fentry programs, return
// probes fexit programs, one load per function at its BTF id (no kernel has fentry-multi);
// they share the sdt program's code and table (the probe id rides in the link's cookie), so
// fbt clauses are compiled once whatever the number of functions. args[] are the function's
// parameters, typed from its BTF prototype; at return arg0 is 0 (a trampoline does not know
// which return instruction ran; DTrace gives its offset) and arg1 the return value.
//
// Whether the kernel allows fentry is asked once, the first time a description needs fbt
// (FbtSource::check): a kernel that refuses it (this project's VM answers EPERM) is reported
// in one line when a description names fbt, and offers no fbt probes to `-l` or to patterns.
#include <bpf/btf.h>

#include <map>

#include "probes/btf_spell.h"
#include "util/glob.h"
#include "probes/kernel_functions.h"
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

// The argument slots the sdt program reads from a trampoline's context (abi: the scratch
// area's ten); a return probe reads one more, the return value.
constexpr size_t kArgSlots = 10;

class FbtProvider : public Provider {
public:
    explicit FbtProvider(const FbtSource* source) : source_(source) {}
    const char* name() const override { return "fbt"; }
    const ProviderAttributes& attributes() const override { return kAttributes; }
    std::optional<Diagnostic> take_error() override { return std::exchange(error_, std::nullopt); }

    // A bare name (`BEGIN`) never asks the kernel; a description naming fbt reports a refusal.
    void match(const Description& d, std::vector<Probe>& out) override {
        bool bare_name = d.provider.empty() && d.module.empty() && d.function.empty() && !d.name.empty();
        if (bare_name || !source_->check) return;
        if (!asked_) why_ = source_->check(), asked_ = true;
        if (!why_.empty()) {
            // A warning: the kernel leaves fbt without probes, so -Z lets the description be.
            if (d.provider == "fbt") error_ = Diagnostic{Severity::Warning, "D_PDESC_INVAL", {}, why_};
            return;
        }
        if (!util::glob_match(d.module, "vmlinux")) return;
        load();
        auto add = [&](const KernelFunction& f, const char* name) {
            if (!util::glob_match(d.name, name)) return;
            Probe p;
            p.provider = "fbt";
            p.module = "vmlinux";
            p.function = f.name;
            p.name = name;
            bool entry = name[0] == 'e';
            KernelPlan plan;
            plan.hook = entry ? KernelHook::Fentry : KernelHook::Fexit;
            plan.nargs = static_cast<int32_t>(std::min(f.param_type_ids.size() + (entry ? 0 : 1), kArgSlots));
            p.plan = std::move(plan);
            out.push_back(std::move(p));
        };
        auto both = [&](const KernelFunction& f) {
            add(f, "entry");
            // The return value must be among the slots read.
            if (f.param_type_ids.size() < kArgSlots) add(f, "return");
        };
        if (!util::has_glob(d.function) && !d.function.empty()) {
            if (auto it = by_name_.find(d.function); it != by_name_.end()) both(functions_[it->second]);
            return;
        }
        for (const KernelFunction& f : functions_)
            if (util::glob_match(d.function, f.name)) both(f);
    }

    // entry: the parameters' types; return: int (the offset), then the return type.
    std::vector<std::string> arg_types(const Probe& p) const override {
        std::vector<std::string> out;
        auto it = by_name_.find(p.function);
        const struct btf* b = source_->btf ? source_->btf() : nullptr;
        if (it == by_name_.end() || !b) return out;
        const KernelFunction& f = functions_[it->second];
        if (p.plan_as<KernelPlan>()->hook == KernelHook::Fentry) {
            for (uint32_t id : f.param_type_ids) out.push_back(btf_spell(b, id));
        } else {
            out.push_back("int");
            if (f.return_type_id) out.push_back(btf_spell(b, f.return_type_id));
        }
        return out;
    }

private:
    void load() {
        if (loaded_) return;
        loaded_ = true;
        std::unordered_set<std::string> traceable;
        if (source_->traceable) traceable = source_->traceable();
        functions_ = kernel_functions(source_->btf ? source_->btf() : nullptr, traceable.empty() ? nullptr : &traceable);
        std::sort(functions_.begin(), functions_.end(),
                  [](const KernelFunction& a, const KernelFunction& b) { return a.name < b.name; });
        for (size_t i = 0; i < functions_.size(); ++i) by_name_.emplace(functions_[i].name, i);
    }

    const FbtSource* source_;
    bool asked_ = false;
    std::string why_;
    std::optional<Diagnostic> error_;
    bool loaded_ = false;
    std::vector<KernelFunction> functions_;
    std::unordered_map<std::string, size_t> by_name_;
};

}  // namespace

std::unique_ptr<Provider> make_fbt_provider(const FbtSource* source) { return std::make_unique<FbtProvider>(source); }

}  // namespace bdtrace::probes
