// From a compiled program to tracing: type checking and probe matching, code generation,
// loading, attaching, and the consume loop. Reads like the pipeline it drives.
#include <time.h>

#include "api/consumer_impl.h"
#include "api/program.h"
#include "codegen/abi.h"
#include "codegen/codegen.h"
#include "diag/render.h"
#include "sema/btf_types.h"
#include "sema/sema.h"

namespace bdtrace {

namespace {

int64_t wall_offset_ns() {
    timespec real{}, mono{};
    clock_gettime(CLOCK_REALTIME, &real);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    return (int64_t{real.tv_sec} - mono.tv_sec) * 1000000000 + (real.tv_nsec - mono.tv_nsec);
}

uint32_t round_pow2(uint64_t v) {
    uint32_t r = 4096;
    while (r < v && r < (1u << 30)) r <<= 1;
    return r;
}

}  // namespace

bool Consumer::exec(Program& program, ProgramInfo* info) {
    Impl& impl = *impl_;
    impl.diags.clear();
    impl.failure_status = 1;
    auto fail_compile = [&]() {
        RenderContext rc;
        rc.program_name.clear();
        rc.kind = program.request.spec == ProbeSpec::Script ? SourceKind::ScriptFile : SourceKind::Description;
        rc.source_name = program.request.source_name;
        rc.errtags = impl.opts.is_set("errtags");
        for (const auto& d : impl.diags.items()) {
            if (d.severity != Severity::Error) continue;
            impl.last_error = render_diagnostic(d, rc).substr(2);
            break;
        }
        return false;
    };

    // Kernel types for curthread and casts, read when first needed.
    impl.types.set_btf_loader([] {
        std::string err;
        return sema::BtfSource::load(&err);
    });

    sema::SemaOptions so;
    so.strsize = static_cast<uint32_t>(impl.opts.size("strsize") ? impl.opts.size("strsize") : 256);
    so.zdefs = impl.opts.is_set("zdefs");
    so.destructive = impl.opts.is_set("destructive");
    so.command_line = program.request.spec != ProbeSpec::Script;
    auto typed = sema::analyze(*program.ast, impl.types, impl.registry, so, impl.diags);
    if (!typed) return fail_compile();

    codegen::CodegenOptions co;
    co.strsize = so.strsize;
    co.bufsize = round_pow2(impl.opts.size("bufsize") ? impl.opts.size("bufsize") : (4u << 20));
    impl.programs = codegen::generate(*typed, impl.registry, impl.types, co, impl.diags);
    if (!impl.programs) return fail_compile();
    if (info) info->matched_probes = typed->matched_probes;

    runtime::PrinterOptions po;
    po.quiet = impl.opts.is_set("quiet");
    po.testing = impl.open.testing_output;
    po.flowindent = impl.opts.is_set("flowindent");
    po.rawbytes = impl.opts.is_set("rawbytes");
    po.program_name = impl.open.program_name;
    impl.printer = std::make_unique<runtime::RecordPrinter>(*impl.programs, po, impl.open.sinks.out, impl.open.sinks.err);

    if (!impl.kernel) impl.kernel = kernel::open_kernel();
    runtime::SessionError err;
    runtime::RecordPrinter* printer = impl.printer.get();
    impl.session = runtime::Session::load(
        *impl.kernel, *impl.programs, [printer](const void* d, size_t n) { printer->handle(d, n); }, &err);
    if (!impl.session) {
        impl.last_error = "could not enable tracing: " + err.message;
        impl.failure_status = err.status;
        return false;
    }
    return true;
}

bool Consumer::go() {
    Impl& impl = *impl_;
    if (!impl.session) return false;
    runtime::SessionError err;
    if (!impl.session->attach(&err)) {
        impl.last_error = "could not enable tracing: " + err.message;
        impl.failure_status = err.status;
        return false;
    }
    impl.session->set_wall_offset(wall_offset_ns());
    // BEGIN fires before any other probe: the others are attached but see an inactive state.
    impl.session->set_activity(codegen::abi::kBegin);
    if (impl.session->has_program(probes::AttachKind::Begin) &&
        !impl.session->run(probes::AttachKind::Begin, &err)) {
        impl.last_error = "could not enable tracing: " + err.message;
        impl.failure_status = err.status;
        return false;
    }
    impl.session->poll(0);
    if (impl.session->activity() == codegen::abi::kBegin) impl.session->set_activity(codegen::abi::kActive);
    return true;
}

// "dtrace: N drops on CPU M", as DTrace reports buffer drops.
static void report_drops(Consumer::Impl& impl) {
    auto drops = impl.session->new_drops();
    for (size_t cpu = 0; cpu < drops.size(); ++cpu) {
        if (!drops[cpu]) continue;
        impl.open.sinks.err(impl.open.program_name + ": " + std::to_string(drops[cpu]) + " drop" +
                            (drops[cpu] == 1 ? "" : "s") + " on CPU " + std::to_string(cpu) + "\n");
    }
}

WorkStatus Consumer::work() {
    Impl& impl = *impl_;
    if (!impl.session || impl.stopped) return WorkStatus::Done;
    if (impl.printer->exit_status() || impl.session->activity() == codegen::abi::kDraining) {
        impl.session->poll(0);
        return WorkStatus::Done;
    }
    impl.session->poll(100);
    report_drops(impl);
    if (impl.printer->exit_status()) return WorkStatus::Done;
    return WorkStatus::Okay;
}

bool Consumer::stop() {
    Impl& impl = *impl_;
    if (!impl.session || impl.stopped) return true;
    impl.stopped = true;
    runtime::SessionError err;
    impl.session->set_activity(codegen::abi::kEnd);
    bool ok = true;
    if (impl.session->has_program(probes::AttachKind::End) && !impl.session->run(probes::AttachKind::End, &err)) {
        impl.last_error = err.message;
        ok = false;
    }
    impl.session->poll(0);
    report_drops(impl);
    impl.session->set_activity(codegen::abi::kInactive);
    impl.exit_status = impl.printer->exit_status();
    impl.session.reset();  // detach everything
    return ok;
}

std::optional<int> Consumer::exit_status() const {
    if (impl_->printer && impl_->printer->exit_status()) return impl_->printer->exit_status();
    return impl_->exit_status;
}

}  // namespace bdtrace
