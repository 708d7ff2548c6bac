// dtrace -l over the consumer: check the programs as DTrace's compiler would, then list the
// probes of each description (cmd/dtrace.c: list_prog, list_stmt, list_probe). The rows and
// the -v blocks are formatted by output/listing.
#include "api/consumer_impl.h"
#include "api/program.h"
#include "output/listing.h"

namespace bdtrace {

namespace {

// Rows are gathered and written in large pieces: a listing may hold thousands of probes.
constexpr size_t kFlushBytes = 1 << 16;

class Lister {
public:
    Lister(Consumer::Impl& impl, bool verbose) : impl_(impl), verbose_(verbose) {}
    ~Lister() { flush(); }

    void heading() { text_ += output::list_heading(); }
    void probe(const probes::Probe& p) {
        output::append_list_row(text_, p);
        size_t nop5 = nop5_sites(p);
        if (nop5) skipped_.push_back(p.full_name());
        if (verbose_) {
            probes::ProbeInfo info = impl_.registry.info(p);
            if (nop5) {
                std::string why = skip_reason(runtime::SkippedProbe::Why::Nop5);
                const auto* usdt = p.plan_as<probes::UsdtPlan>();
                if (usdt && !usdt->sites.empty() && nop5 < usdt->sites.size())
                    why = std::to_string(nop5) + " of " + std::to_string(usdt->sites.size()) + " call sites: " + why;
                info.skipped.push_back(why);
            }
            output::append_probe_info(text_, info);
        }
        if (text_.size() >= kFlushBytes) flush();
    }
    // After the listing: the probes a run would skip, as the run's warning says it.
    void skipped() {
        if (skipped_.empty()) return;
        flush();
        std::string list;
        for (size_t i = 0; i < skipped_.size() && i < 10; ++i) list += (i ? ", " : "") + skipped_[i];
        if (skipped_.size() > 10) list += ", and " + std::to_string(skipped_.size() - 10) + " more";
        impl_.open.sinks.err(impl_.open.program_name + ": warning: " + std::to_string(skipped_.size()) + " probe" +
                             (skipped_.size() == 1 ? "" : "s") + " would be skipped: " +
                             skip_reason(runtime::SkippedProbe::Why::Nop5) + ": " + list + "\n");
    }
    // One probe description of a clause (list_stmt): its probes, or DTrace's complaint.
    void description(const ast::ProbeDesc& pd) {
        std::vector<const probes::Probe*> found;
        if (pd.id) {
            if (const probes::Probe* p = impl_.registry.by_id(static_cast<uint32_t>(*pd.id))) found.push_back(p);
        } else {
            found = impl_.registry.match({pd.provider, pd.module, pd.function, pd.name});
        }
        // A provider that cannot serve the description says why (fbt where fentry is refused).
        auto why = pd.id ? std::nullopt : impl_.registry.take_error();
        for (const probes::Probe* p : found) probe(*p);
        if (!found.empty()) return;
        flush();  // the complaint comes after the rows before it
        std::optional<std::string> near;
        if (!why && !pd.id) near = impl_.registry.near_match({pd.provider, pd.module, pd.function, pd.name});
        impl_.open.sinks.err(impl_.open.program_name + ": failed to match " + pd.provider + ":" + pd.module +
                             ":" + pd.function + ":" + pd.name + ": " +
                             (why ? why->message : std::string("No probe matches description")) +
                             (near ? " (did you mean " + *near + "?)" : "") + "\n");
    }
    void flush() {
        if (text_.empty()) return;
        impl_.open.sinks.out(text_);
        text_.clear();
    }

private:
    // How many of the probe's sites are 5-byte NOPs this kernel would not attach (0 on a kernel
    // where that is safe; asked of the kernel only when there is such a site).
    size_t nop5_sites(const probes::Probe& p) {
        size_t n = 0;
        if (const auto* up = p.plan_as<probes::UprobePlan>()) n = up->nop5_site ? 1 : 0;
        if (const auto* usdt = p.plan_as<probes::UsdtPlan>())
            for (const auto& s : usdt->sites) n += s.nop5;
        if (n == 0) return 0;
        if (!impl_.kernel) impl_.kernel = kernel::open_kernel(impl_.vmlinux);
        // Without the privileges to test, nothing would be attached anyway: nothing to say.
        const kernel::FeatureStatus& f = impl_.kernel->feature(kernel::Feature::UprobeNop5);
        return f.available || f.privilege ? 0 : n;
    }

    Consumer::Impl& impl_;
    bool verbose_;
    std::string text_;
    std::vector<std::string> skipped_;
};

}  // namespace

bool Consumer::list_probes(const std::vector<Program*>& programs, bool verbose) {
    Impl& impl = *impl_;
    impl.last_error.clear();
    // DTrace's compiler checks each program before anything is listed; -l implies -Z.
    std::vector<const Program*> checked;
    for (const Program* p : programs) {
        if (!check_program(impl, checked, *p, true)) return false;
        checked.push_back(p);
    }
    Lister lister(impl, verbose);
    lister.heading();
    if (programs.empty()) {
        for (const probes::Probe* p : impl.registry.list_all()) lister.probe(*p);
        lister.skipped();
        return true;
    }
    for (const Program* p : programs) {
        for (const auto& item : p->ast->items) {
            if (item.kind != ast::TopLevel::Kind::Clause) continue;
            for (const ast::ProbeDesc& pd : item.clause->probes) lister.description(pd);
        }
    }
    lister.skipped();
    return true;
}

}  // namespace bdtrace
