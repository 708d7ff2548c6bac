// -h and -G: the generation side of USDT (usdtgen/), over compiled programs' syntax trees.
// Nothing here needs the kernel: DTrace, too, only compiles the programs in these modes.
#include <cstring>

#include "api/consumer_impl.h"
#include "api/program.h"
#include "diag/render.h"
#include "usdtgen/elf_object.h"
#include "usdtgen/header.h"
#include "usdtgen/linker.h"
#include "usdtgen/object_rewrite.h"

namespace bdtrace {

namespace {

// The providers of every program; on an error, last_error() is set as a compile error of the
// script that holds it ("failed to compile script x.d: line 4: ...").
std::optional<std::vector<usdtgen::UsdtProvider>> providers_of(
    Consumer::Impl& impl, const std::vector<Program*>& programs) {
    std::vector<usdtgen::UsdtProvider> providers;
    for (Program* p : programs) {
        if (!p || !p->ast) continue;
        impl.diags.clear();
        providers = usdtgen::collect_providers(*p->ast, impl.diags, std::move(providers));
        for (const Diagnostic& d : impl.diags.items()) {
            if (d.severity != Severity::Error) continue;
            RenderContext rc;
            rc.program_name.clear();
            rc.kind = p->request.spec == ProbeSpec::Script ? SourceKind::ScriptFile
                                                           : SourceKind::Description;
            rc.source_name = p->request.source_name;
            rc.errtags = impl.opts.is_set("errtags");
            impl.last_error = render_diagnostic(d, rc).substr(2);  // drop the empty ": " prefix
            impl.failure_status = 1;
            return std::nullopt;
        }
    }
    return providers;
}

// SystemTap's rule: sys/sdt.h V1 and V2 semaphores are visible outside their object.
bool shared_semaphores(const options::OptionSet& opts) {
    for (const std::string& d : opts.list("define")) {
        std::string name = d.substr(0, d.find('='));
        if (name == "STAP_SDT_V1" || name == "STAP_SDT_V2") return true;
    }
    return false;
}

}  // namespace

std::optional<std::string> Consumer::program_header(const std::vector<Program*>& programs,
                                                    const std::string& file_name) {
    auto providers = providers_of(*impl_, programs);
    if (!providers) return std::nullopt;
    return usdtgen::header_text(*providers, file_name);
}

bool Consumer::program_link(const std::vector<Program*>& programs, const std::string& what,
                            const std::string& file, const std::vector<std::string>& objects) {
    Impl& impl = *impl_;
    impl.failure_status = 1;
    auto providers = providers_of(impl, programs);
    if (!providers) return false;
    // Every object first: DTrace's own sys/sdt.h left calls where the probes are (rewritten
    // here into sites with notes); SystemTap's left sites and notes already (not touched).
    usdtgen::RewriteOutcome rewritten;
    for (const std::string& obj : objects) {
        if (auto err = usdtgen::check_input_object(obj)) {
            impl.last_error = "failed to link " + what + ": " + *err;
            return false;
        }
        if (auto err = usdtgen::rewrite_object(obj, *providers, rewritten)) {
            impl.last_error = "failed to link " + what + ": " + *err;
            return false;
        }
    }
    usdtgen::SemaphoreObject out;
    // The STT_FILE symbol names the script as given (`what` may have lost its ".d").
    const Program* first = programs.empty() ? nullptr : programs.front();
    out.source_name = first && first->request.spec == ProbeSpec::Script
                          ? first->request.source_name
                          : what.substr(what.find(' ') + 1);
    out.hidden = !shared_semaphores(impl.opts);
    for (const usdtgen::UsdtProvider& prov : *providers)
        for (const usdtgen::UsdtProbe& probe : prov.probes) {
            out.semaphores.push_back(usdtgen::semaphore_name(prov.name, probe));
            if (!probe.mapping.empty())
                out.mappings.push_back({prov.name, probe.c_name, probe.mapping});
        }
    for (const usdtgen::EnabledFunction& fn : rewritten.enabled)
        for (size_t i = 0; i < out.semaphores.size(); ++i)
            if (out.semaphores[i] == fn.semaphore) out.enabled.push_back({fn.symbol, i});
    if (auto err = usdtgen::write_semaphore_object(file, out)) {
        impl.last_error = "failed to link " + what + ": " + *err;
        return false;
    }
    if (auto err = usdtgen::relink(impl.opts.text("ldpath").value_or("ld"), file)) {
        impl.last_error = "failed to link " + what + ": " + *err;
        return false;
    }
    return true;
}

}  // namespace bdtrace
