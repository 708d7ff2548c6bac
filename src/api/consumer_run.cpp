// From a compiled program to tracing: type checking and probe matching (exec), code
// generation, loading, attaching and BEGIN (go), the consume loop (work), END (stop).
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "api/consumer_impl.h"
#include "api/program.h"
#include "assemble/assemble.h"
#include "bpf/assembler.h"
#include "bpf/disasm.h"
#include "codegen/abi.h"
#include "codegen/codegen.h"
#include "diag/render.h"
#include "output/agg_pack.h"
#include "util/glob.h"
#include "sema/btf_types.h"
#include "sema/sema.h"

namespace bdtrace {

namespace {

// Reads what the ring buffer holds; a record the printer held back for the next one (-F) is
// printed once the buffer is empty.
void poll_records(Consumer::Impl& impl) {
    // Batch after batch while full ones come, within bounds: a flood that outpaces the
    // consumer must not keep it from its other duties.
    for (int i = 0; i < 64 && impl.session->drain() >= static_cast<int>(runtime::Session::kDrainBatch); ++i) {
    }
    impl.printer->flush();
}

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

// The shared ring buffer's size for -b/bufsize: DTrace's bufsize is each CPU's buffer, so the
// one buffer all CPUs share holds a share per online CPU.
constexpr uint64_t kMaxRing = uint64_t{1} << 30;  // the largest ring buffer asked of the kernel

uint64_t online_cpus() {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? static_cast<uint64_t>(n) : 1;
}

uint32_t ring_size(uint64_t per_cpu) {
    uint64_t cpus = online_cpus();
    return round_pow2(per_cpu > kMaxRing / cpus ? kMaxRing : per_cpu * cpus);
}

sema::SemaOptions sema_options(Consumer::Impl& impl, bool command_line) {
    sema::SemaOptions so;
    so.strsize = static_cast<uint32_t>(impl.opts.size("strsize") ? impl.opts.size("strsize") : 256);
    so.ustackframes = static_cast<uint32_t>(std::min<uint64_t>(impl.opts.size("ustackframes"), UINT32_MAX));
    so.stackframes = static_cast<uint32_t>(std::min<uint64_t>(impl.opts.size("stackframes"), UINT32_MAX));
    if (impl.opts.is_set("maxframes"))
        so.maxframes = static_cast<uint32_t>(std::min<uint64_t>(impl.opts.size("maxframes"), UINT32_MAX));
    so.zdefs = impl.opts.is_set("zdefs");
    so.destructive = impl.opts.is_set("destructive");
    so.command_line = command_line;
    so.have_target = impl.target != 0;
    so.kernel_symbols = &impl.kernel_symbols;
    if (impl.library) {
        for (const auto& p : impl.library->programs) so.library.push_back(p.get());
        so.library_files = impl.library->shown;
    }
    // copyout/copyoutstr are refused at compile time where the kernel forbids user writes; the
    // kernel is asked only when a program uses them.
    so.user_writes = [&impl] {
        if (!impl.kernel) impl.kernel = kernel::open_kernel(impl.vmlinux);
        return impl.kernel->feature(kernel::Feature::ProbeWriteUser).available;
    };
    return so;
}

// The text of line `line` of a program's source, trimmed.
std::string line_of(const std::string& text, uint32_t line) {
    size_t b = 0;
    for (uint32_t l = 1; l < line && b != std::string::npos; ++l) {
        b = text.find('\n', b);
        if (b != std::string::npos) ++b;
    }
    if (b == std::string::npos || b >= text.size()) return {};
    size_t e = text.find('\n', b);
    std::string s = text.substr(b, e == std::string::npos ? std::string::npos : e - b);
    size_t f = s.find_first_not_of(" \t");
    return f == std::string::npos ? std::string() : s.substr(f);
}

codegen::CodegenOptions codegen_options(Consumer::Impl& impl, const sema::SemaOptions& so,
                                        const std::string* source = nullptr) {
    codegen::CodegenOptions co;
    if (source) co.source_line = [source](uint32_t line) { return line_of(*source, line); };
    co.strsize = so.strsize;
    co.maxframes = so.maxframes;
    co.bufsize = ring_size(impl.opts.size("bufsize") ? impl.opts.size("bufsize") : (4u << 20));
    if (uint64_t a = impl.opts.size("aggsize")) co.aggsize = static_cast<uint32_t>(std::min<uint64_t>(a, 1u << 30));
    if (uint64_t d = impl.opts.size("dynvarsize")) co.dynvarsize = static_cast<uint32_t>(std::min<uint64_t>(d, 1u << 30));
    co.scratchsize = static_cast<uint32_t>(std::min<uint64_t>(impl.opts.size("scratchsize"), 1u << 20));
    if (impl.opts.is_set("nspec")) co.nspec = static_cast<uint32_t>(std::min<uint64_t>(impl.opts.size("nspec"), UINT32_MAX));
    if (impl.opts.is_set("specsize")) co.specsize = impl.opts.size("specsize");
    if (impl.opts.is_set("cpu"))
        co.only_cpu = static_cast<int32_t>(std::min<uint64_t>(impl.opts.size("cpu"), INT32_MAX));
    return co;
}

// The first error of impl.diags as DTrace words a failed compile of `program`.
bool fail_compile(Consumer::Impl& impl, const Program& program) {
    RenderContext rc;
    rc.program_name.clear();
    rc.kind = program.request.spec == ProbeSpec::Script ? SourceKind::ScriptFile : SourceKind::Description;
    rc.source_name = program.request.source_name;
    rc.errtags = impl.opts.is_set("errtags");
    impl.failure_status = 1;
    for (const auto& d : impl.diags.items()) {
        if (d.severity != Severity::Error) continue;
        impl.last_error = render_diagnostic(d, rc).substr(2);
        break;
    }
    return false;
}

bool fail_enable(Consumer::Impl& impl, const std::string& message, int status) {
    impl.last_error = "could not enable tracing: " + message;
    impl.failure_status = status;
    return false;
}

}  // namespace

// The kernel's types (BTF), loaded when first asked for.
void prepare_types(Consumer::Impl& impl) {
    impl.types.set_btf_loader([v = impl.vmlinux] {
        std::string err;
        return sema::BtfSource::over(v, &err);
    });
}

// The stability attributes DTrace gives what a statement names (dt_open.c's identifier table):
// curthread's data is private, some subroutines are evolving, args[] has its provider's
// argument attributes; everything else is stable and common.
static probes::Attribute node_attributes(const sema::Node& n, probes::Attribute args) {
    using probes::DepClass;
    using probes::Stability;
    probes::Attribute a{Stability::Standard, Stability::Standard, DepClass::Common};
    if (n.kind == sema::NodeKind::Builtin) {
        if (n.builtin == sema::BuiltinVar::Curthread) a = {Stability::Stable, Stability::Private, DepClass::Common};
        if (n.builtin == sema::BuiltinVar::Args) a = args;
    }
    if (n.kind == sema::NodeKind::Subr) {
        switch (n.subr) {
            case sema::Subr::Htons: case sema::Subr::Htonl: case sema::Subr::Htonll:
            case sema::Subr::Ntohs: case sema::Subr::Ntohl: case sema::Subr::Ntohll:
                a = {Stability::Evolving, Stability::Evolving, DepClass::Common};
                break;
            default: a = {Stability::Stable, Stability::Stable, DepClass::Common}; break;
        }
    }
    for (const sema::Node* c : {n.a.get(), n.b.get(), n.c.get()})
        if (c) a = probes::attr_min(a, node_attributes(*c, args));
    for (const auto& x : n.args) a = probes::attr_min(a, node_attributes(*x, args));
    return a;
}

static probes::Attribute body_attributes(const std::vector<sema::StmtPtr>& body, probes::Attribute args) {
    probes::Attribute a{probes::Stability::Standard, probes::Stability::Standard, probes::DepClass::Common};
    auto node = [&](const sema::Node* n) {
        if (n) a = probes::attr_min(a, node_attributes(*n, args));
    };
    for (const auto& s : body) {
        node(s->expr.get());
        if (s->action)
            for (const auto& x : s->action->args) node(x.get());
        if (s->agg) {
            for (const auto& k : s->agg->keys) node(k.get());
            node(s->agg->value.get());
            node(s->agg->increment.get());
        }
        a = probes::attr_min(a, body_attributes(s->then_body, args));
        a = probes::attr_min(a, body_attributes(s->else_body, args));
    }
    return a;
}

static ProgramInfo::Attributes attributes_text(probes::Attribute a) {
    return {probes::stability_name(a.name), probes::stability_name(a.data), probes::class_name(a.dep)};
}

runtime::AggMaps agg_maps(Consumer::Impl& impl) {
    return {impl.session->map(codegen::abi::kAggMap), impl.session->map(codegen::abi::kAggArrayMap),
            impl.session->map(codegen::abi::kAggSpillMap)};
}

bool Consumer::exec(Program& program, ProgramInfo* info) {
    Impl& impl = *impl_;
    impl.diags.clear();
    prepare_types(impl);
    // Checked after the programs enabled before it: they share global variables.
    std::vector<const ast::Program*> asts;
    for (const auto& p : impl.enabled)
        if (p.get() != &program) asts.push_back(p->ast.get());
    asts.push_back(program.ast.get());
    auto typed = sema::analyze(asts, impl.types, impl.registry,
                               sema_options(impl, program.request.spec != ProbeSpec::Script), impl.diags);
    if (!typed) return fail_compile(impl, program);
    for (const auto& d : impl.diags.items())
        if (d.severity == Severity::Warning && impl.warned.insert(d.message).second)
            impl.open.sinks.err(impl.open.program_name + ": " + d.message + "\n");
    size_t own = 0;
    for (const auto& item : program.ast->items) own += item.kind == ast::TopLevel::Kind::Clause;
    uint32_t matched = 0;
    using probes::DepClass;
    using probes::Stability;
    const probes::Attribute top{Stability::Standard, Stability::Standard, DepClass::Common};
    probes::Attribute desc = top, stmt = top;
    for (size_t i = typed->clauses.size() - own; i < typed->clauses.size(); ++i) {
        const sema::Clause& c = typed->clauses[i];
        matched += static_cast<uint32_t>(c.probes.size());
        // A clause's statements are no more stable than its probes (dt_cook_clause).
        probes::Attribute cdesc = top, cargs = top;
        for (const auto& ep : c.probes)
            if (const probes::Probe* p = impl.registry.by_id(ep.probe_id)) {
                probes::ProbeInfo pi = impl.registry.info(*p);
                cdesc = probes::attr_min(cdesc, pi.attr);
                cargs = probes::attr_min(cargs, pi.args);
            }
        desc = probes::attr_min(desc, cdesc);
        probes::Attribute cs = probes::attr_min(cdesc, body_attributes(c.body, cargs));
        if (c.predicate) cs = probes::attr_min(cs, node_attributes(*c.predicate, cargs));
        stmt = probes::attr_min(stmt, cs);
    }
    if (info) {
        info->matched_probes = matched;
        info->desc_attr = attributes_text(desc);
        info->stmt_attr = attributes_text(stmt);
    }
    for (const auto& p : impl.enabled)
        if (p.get() == &program) return true;
    // Not owned: the caller keeps the program until stop() (see exec() in the public header).
    impl.enabled.push_back(std::shared_ptr<Program>(std::shared_ptr<Program>{}, &program));
    return true;
}

std::string Consumer::disassemble(Program& program) {
    Impl& impl = *impl_;
    impl.diags.clear();
    prepare_types(impl);
    auto so = sema_options(impl, program.request.spec != ProbeSpec::Script);
    auto typed = sema::analyze(*program.ast, impl.types, impl.registry, so, impl.diags);
    if (!typed) return fail_compile(impl, program), std::string();
    auto ps = codegen::generate(*typed, impl.types,
                                codegen_options(impl, so, &program.request.text), impl.diags);
    if (!ps) return fail_compile(impl, program), std::string();
    if (std::string err; !assemble::assemble_programs(*ps, err)) {
        impl.last_error = "failed to generate code: " + err;
        return {};
    }
    std::string out;
    bpf::DisasmOptions opt;
    opt.annotate = true;
    for (const auto& gp : ps->programs) out += bpf::disassemble(gp.code, opt);
    return out;
}

// -e: what go() checks before it loads anything (the enabled programs together, as their
// globals are shared), with the code generated and assembled but not loaded.
bool Consumer::check() {
    Impl& impl = *impl_;
    if (impl.enabled.empty()) return true;
    impl.diags.clear();
    prepare_types(impl);
    std::vector<const ast::Program*> asts;
    for (const auto& p : impl.enabled) asts.push_back(p->ast.get());
    auto so = sema_options(impl, impl.enabled.front()->request.spec != ProbeSpec::Script);
    auto typed = sema::analyze(asts, impl.types, impl.registry, so, impl.diags);
    if (!typed) return fail_compile(impl, *impl.enabled.front());
    const std::string* source = impl.enabled.size() == 1 ? &impl.enabled.front()->request.text : nullptr;
    auto ps = codegen::generate(*typed, impl.types, codegen_options(impl, so, source), impl.diags);
    if (!ps) return fail_compile(impl, *impl.enabled.front());
    if (std::string err; !assemble::assemble_programs(*ps, err))
        return fail_enable(impl, "failed to generate code: " + err, 1);
    return true;
}

// What the record printer needs of the options in force; setopt() recomputes it.
static runtime::PrinterOptions printer_options(const Consumer::Impl& impl) {
    runtime::PrinterOptions po;
    po.quiet = impl.opts.is_set("quiet");
    po.testing = impl.open.testing_output;
    po.flowindent = impl.opts.is_set("flowindent");
    po.rawbytes = impl.opts.is_set("rawbytes");
    po.noresolve = impl.opts.is_set("noresolve");
    po.program_name = impl.open.program_name;
    po.target = impl.target;
    po.agg.sortkey = impl.opts.is_set("aggsortkey");
    po.agg.sortrev = impl.opts.is_set("aggsortrev");
    po.agg.sortkeypos = static_cast<int64_t>(impl.opts.size("aggsortkeypos"));
    po.agg.sortpos = static_cast<int64_t>(impl.opts.size("aggsortpos"));
    po.agg.zoom = impl.opts.is_set("aggzoom");
    po.agg.pack = impl.opts.is_set("aggpack");
    po.agg.percpu = impl.opts.is_set("aggpercpu");
    po.agg.json = impl.opts.str("oformat") == "json";
    auto encoding = impl.opts.text("encoding");
    po.agg.utf8 = output::packed_utf8(encoding ? std::optional<std::string_view>(*encoding) : std::nullopt,
                                      std::getenv("TERM"));
    return po;
}

// One warning for every pid probe the kernel refused, rather than failing them all.
namespace {

// Whether a description of the program asks for the probe `full` (provider:module:function:name,
// as the session reports it) by its name ("entry", "return", an offset), not through a glob of
// names (which reaches every instruction of a function).
bool names_probe(Consumer::Impl& impl, const std::string& full) {
    // Whether `full` is the epid's probe, field by field (no string built per epid).
    auto is_named = [&](const codegen::Epid& e) {
        std::string_view rest = full;
        for (const std::string* field : {&e.provider, &e.module, &e.function}) {
            if (!rest.starts_with(*field) || rest.size() <= field->size() ||
                rest[field->size()] != ':')
                return false;
            rest.remove_prefix(field->size() + 1);
        }
        return rest == e.name;
    };
    for (const codegen::Epid& e : impl.programs->epids) {
        if (!is_named(e)) continue;
        for (const codegen::UprobeClause& uc : impl.programs->uprobe_clauses)
            for (const probes::Description& d : uc.descriptions)
                if (d.name == e.name && util::glob_match(d.function, e.function)) return true;
    }
    return false;
}

}  // namespace

void report_skipped(Consumer::Impl& impl, const std::vector<runtime::SkippedProbe>& skipped) {
    // USDT sites whose argument specs are not understood (a register or form not known here).
    auto unusable = impl.session->take_unusable_sites();
    if (!unusable.empty()) {
        std::string list;
        for (size_t i = 0; i < unusable.size(); ++i) list += (i ? ", " : "") + unusable[i];
        impl.open.sinks.err(impl.open.program_name + ": warning: " + std::to_string(unusable.size()) + " USDT probe site" +
                            (unusable.size() == 1 ? "" : "s") + " not traced: argument specs not understood: " + list +
                            "\n");
    }
    // One line per reason, naming the first ten probes, each once. As DTrace, an instruction
    // the kernel refuses is skipped silently when a glob of names reached it (a `hlt` in _start
    // under pid$target:a.out::); a probe the program names is worth a line.
    for (auto why : {runtime::SkippedProbe::Why::Refused, runtime::SkippedProbe::Why::Nop5}) {
        std::vector<const std::string*> names;
        for (const auto& s : skipped) {
            if (s.why != why || impl.skipped_reported.count(s.name)) continue;
            if (why == runtime::SkippedProbe::Why::Refused && !names_probe(impl, s.name)) continue;
            impl.skipped_reported.insert(s.name);
            names.push_back(&s.name);
        }
        if (names.empty()) continue;
        std::string list;
        for (size_t i = 0; i < names.size() && i < 10; ++i) list += (i ? ", " : "") + *names[i];
        if (names.size() > 10) list += ", and " + std::to_string(names.size() - 10) + " more";
        impl.open.sinks.err(impl.open.program_name + ": warning: " + std::to_string(names.size()) + " probe" +
                            (names.size() == 1 ? "" : "s") + " skipped: " + skip_reason(why) + ": " + list + "\n");
    }
    // -F: the other half of each function with a skipped probe, so that entries and returns stay
    // paired.
    auto unpaired = impl.session->take_unpaired();
    if (!unpaired.empty()) {
        std::string list;
        for (size_t i = 0; i < unpaired.size() && i < 10; ++i) list += (i ? ", " : "") + unpaired[i];
        if (unpaired.size() > 10) list += ", and " + std::to_string(unpaired.size() - 10) + " more";
        impl.open.sinks.err(impl.open.program_name + ": warning: " + std::to_string(unpaired.size()) + " probe" +
                            (unpaired.size() == 1 ? "" : "s") + " disabled to keep -F entries and returns paired: " +
                            list + "\n");
    }
}

const char* skip_reason(runtime::SkippedProbe::Why why) {
    switch (why) {
        case runtime::SkippedProbe::Why::Refused:
            return "the kernel cannot place a uprobe on the instruction";
        case runtime::SkippedProbe::Why::Nop5:
            return "the instruction is a 5-byte NOP inside the function, which this kernel's uprobe would turn "
                   "into a call that overwrites the stack's red zone";
    }
    return "";
}

bool Consumer::go() {
    Impl& impl = *impl_;
    if (impl.enabled.empty()) return fail_enable(impl, "no probes enabled", 1);
    impl.diags.clear();
    prepare_types(impl);

    std::vector<const ast::Program*> asts;
    for (const auto& p : impl.enabled) asts.push_back(p->ast.get());
    bool command_line = impl.enabled.front()->request.spec != ProbeSpec::Script;
    auto so = sema_options(impl, command_line);
    auto typed = sema::analyze(asts, impl.types, impl.registry, so, impl.diags);
    if (!typed) return fail_compile(impl, *impl.enabled.front());
    const std::string* source = impl.enabled.size() == 1 ? &impl.enabled.front()->request.text : nullptr;
    if (typed->destructive && !impl.opts.is_set("destructive"))
        return fail_enable(impl, "Destructive actions not allowed", 1);
    impl.programs = codegen::generate(*typed, impl.types, codegen_options(impl, so, source), impl.diags);
    if (!impl.programs) return fail_compile(impl, *impl.enabled.front());
    if (std::string err; !assemble::assemble_programs(*impl.programs, err))
        return fail_enable(impl, "failed to generate code: " + err, 1);
    // A buffer too small for a record of the enabling (-b 0, bufsize=0) fails as in DTrace.
    if (impl.opts.given("bufsize")) {
        uint64_t largest = 0;
        for (const auto& e : impl.programs->epids) largest = std::max<uint64_t>(largest, e.record_size);
        if (impl.opts.size("bufsize") < std::max<uint64_t>(largest, 1))
            return fail_enable(impl, "Enabling exceeds size of buffer", 1);
        // bufresize=auto takes the largest buffer there is room for, as DTrace shrinks one it
        // cannot allocate; bufresize=manual fails instead.
        auto resize = impl.opts.text("bufresize");
        if (resize && *resize == "manual" && impl.opts.size("bufsize") > kMaxRing / online_cpus())
            return fail_enable(impl, "Memory allocation failure", 1);
    }
    if (!start_metrics(impl)) return false;

    impl.printer = std::make_unique<runtime::RecordPrinter>(*impl.programs, printer_options(impl), impl.open.sinks.out,
                                                            impl.open.sinks.err);
    impl.printer->snapshot = [&impl]() {
        return runtime::snapshot_aggregations(agg_maps(impl), *impl.programs, impl.opts.is_set("aggpercpu"));
    };
    impl.printer->modify = [&impl](uint32_t id, int64_t keep, bool trunc) {
        if (trunc) return runtime::trunc_aggregation(agg_maps(impl), *impl.programs, id, keep);
        runtime::clear_aggregation(agg_maps(impl), *impl.programs, id);
        return std::vector<std::vector<uint8_t>>{};
    };
    impl.printer->truncate = impl.open.sinks.truncate;
    impl.status = runtime::StatusPacer(impl.opts.given("statusrate") ? impl.opts.time_ns("statusrate") : 0);
    impl.printer->setopt = [&impl](const std::string& name,
                                   const std::string& value) -> std::variant<runtime::PrinterOptions, std::string> {
        // While tracing only the dynamic options change; run-time ones are fixed (EDT_ACTIVE).
        const options::OptionDef* def = options::find_option(name);
        if (!def) return std::string(options::kBadOptionName);
        if (def->kind == options::Kind::Runtime) return std::string("Operation illegal when tracing is active");
        if (auto err = impl.opts.set(name, value, options::Origin::Setopt)) return *err;
        return printer_options(impl);
    };

    if (!impl.kernel) impl.kernel = kernel::open_kernel(impl.vmlinux);
    runtime::SessionError err;
    runtime::RecordPrinter* printer = impl.printer.get();
    impl.session = runtime::Session::load(
        *impl.kernel, *impl.programs, [printer](const void* d, size_t n) { printer->handle(d, n); }, &err);
    if (!impl.session) {
        if (impl.opts.is_set("bpflog") && !err.verifier_log.empty())
            return fail_enable(impl, err.message + "\n" + err.verifier_log, err.status);
        return fail_enable(impl, err.message, err.status);
    }
    // The -c commands are held unstarted until continue_processes(): their return probes may
    // use the kernel's return trampoline (runtime/session.h).
    std::set<uint64_t> unstarted;
    for (pid_t pid : impl.processes.pids())
        if (impl.processes.is_child(pid)) unstarted.insert(static_cast<uint64_t>(pid));
    impl.session->set_unstarted(std::move(unstarted));
    impl.session->pair_flow(impl.opts.is_set("flowindent"));
    if (!impl.session->attach(&err)) return fail_enable(impl, err.message, err.status);
    report_skipped(impl, impl.session->take_skipped());
    if (!watch_libraries(impl, &err)) return fail_enable(impl, err.message, err.status);
    if (std::string werr; !watch_processes(impl, &werr)) return fail_enable(impl, werr, 1);
    start_unwind_tables(impl);
    // A program a system() command starts may wait, stopped, for its probes: the watches are
    // served while commands run.
    if (impl.process_watch || impl.session->watches_libraries())
        impl.printer->while_command_runs = [&impl]() {
            handle_library_changes(impl);
            handle_process_events(impl);
        };

    impl.session->set_wall_offset(wall_offset_ns());
    // BEGIN fires before any other probe: the others are attached but see an inactive state.
    impl.session->set_activity(codegen::abi::kBegin);
    if (impl.session->has_program(probes::AttachKind::Begin) &&
        !impl.session->run(probes::AttachKind::Begin, &err))
        return fail_enable(impl, err.message, err.status);
    // Every probe is active before BEGIN's records are consumed, as after dtrace_go(): what a
    // system() in BEGIN sets off is traced. BEGIN's records are in the buffer before any other.
    if (impl.session->activity() == codegen::abi::kBegin) impl.session->set_activity(codegen::abi::kActive);
    poll_records(impl);
    return true;
}

// "dtrace: N drops on CPU M", as DTrace reports buffer drops.
// "dtrace: N aggregation drops on CPU M" when an aggregation update found the map full.
static void report_drops(Consumer::Impl& impl) {
    // -x droptags: DTrace's tag of the kind of drop before the count.
    const bool tags = impl.opts.is_set("droptags");
    auto tag = [&](const char* t) { return tags ? std::string("[") + t + "] " : std::string(); };
    auto report = [&](const std::vector<uint64_t>& drops, const char* what, const char* kind) {
        for (size_t cpu = 0; cpu < drops.size(); ++cpu) {
            if (!drops[cpu]) continue;
            impl.open.sinks.err(impl.open.program_name + ": " + tag(kind) + std::to_string(drops[cpu]) + what +
                                " drop" + (drops[cpu] == 1 ? "" : "s") + " on CPU " + std::to_string(cpu) + "\n");
        }
    };
    runtime::DropCounts drops = impl.session->new_drops();
    report(drops.records, "", "DTRACEDROP_PRINCIPAL");
    report(drops.aggregations, " aggregation", "DTRACEDROP_AGGREGATION");
    // Dynamic variable drops are one count for all CPUs, as DTrace reports them.
    uint64_t dyn = 0;
    for (uint64_t d : drops.dynvars) dyn += d;
    if (dyn)
        impl.open.sinks.err(impl.open.program_name + ": " + tag("DTRACEDROP_DYNAMIC") + std::to_string(dyn) +
                            " dynamic variable drop" + (dyn == 1 ? "" : "s") + "\n");
    // Firings the kernel did not run: their program was already running on that CPU (a
    // tracepoint fired by an interrupt inside it). DTrace has no such loss; say it as a drop.
    if (uint64_t missed = impl.session->new_recursion_misses())
        impl.open.sinks.err(impl.open.program_name + ": " + std::to_string(missed) + " nested drop" + (missed == 1 ? "" : "s") +
                            " (a probe fired, in an interrupt, while its program ran on the same CPU)\n");
    // Speculations: "N speculative drops", "N failed speculations (...)" (DTrace's status drops).
    runtime::Speculations& spec = impl.printer->speculations();
    if (spec.used())
        for (const auto& m : spec.new_drop_messages(impl.session->map(codegen::abi::kSpecUseMap), tags))
            impl.open.sinks.err(impl.open.program_name + ": " + m);
}

// The consumer's half of -x cleanrate: ids whose commit() or discard() left data on other CPUs
// are freed once a period has passed.
static void clean_speculations(Consumer::Impl& impl, uint64_t now) {
    runtime::Speculations& spec = impl.printer->speculations();
    if (!spec.used()) return;
    uint64_t period = impl.opts.time_ns("cleanrate");
    if (period == 0) period = 1000000000 / 101;
    spec.clean(impl.session->map(codegen::abi::kSpecMap), impl.session->map(codegen::abi::kSpecUseMap), now, period);
}

static uint64_t monotonic_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return uint64_t(t.tv_sec) * 1000000000 + uint64_t(t.tv_nsec);
}

// One pass of the consumer. Records are read at the switch rate (-x switchrate, 1hz by default),
// as DTrace switches its buffers, which bounds how late output can be; in between the consumer
// sleeps on the ring buffer, which the programs wake once a quarter of it is pending
// (ClauseGen::ringbuf_wakeup_flags), and drains it at once, so that a flood does not fill it.
// exit() is noticed within 10 ms, without waiting for the next switch (or at the status rate
// when one is set).
WorkStatus Consumer::work() {
    Impl& impl = *impl_;
    if (!impl.session || impl.stopped) return WorkStatus::Done;
    serve_metrics(impl);
    // With -x statusrate exit() is looked for only at the status checks (END then fires up to
    // a period later, as in DTrace); without it on every pass.
    const bool status = impl.status.due(monotonic_ns());
    if (status && (impl.printer->exit_status() || impl.session->activity() == codegen::abi::kDraining)) {
        // A clause that called exit() set the state before it sent its record; give the record
        // (which holds the exit status) a moment to arrive, as it may still be in flight.
        // The watch's reports first: stacks in those records may be of processes gone by now.
        if (impl.watch_every) handle_process_events(impl);
        poll_records(impl);
        for (int i = 0; i < 100 && !impl.printer->exit_status(); ++i) {
            timespec ts{0, 1000000};
            nanosleep(&ts, nullptr);
            poll_records(impl);
        }
        report_drops(impl);
        return WorkStatus::Done;
    }
    handle_library_changes(impl);
    handle_process_events(impl);
    serve_unwind_requests(impl);
    // DTrace stops tracing once every -c/-p process has gone; stop() then reads what is left.
    if (processes_all_exited(impl)) return WorkStatus::Done;
    uint64_t period = impl.opts.time_ns("switchrate");
    if (period == 0) period = 1000000000;
    uint64_t now = monotonic_ns();
    clean_speculations(impl, now);
    if (impl.next_switch == 0) impl.next_switch = now + period;
    if (now < impl.next_switch) {
        uint64_t wait = std::min<uint64_t>(impl.next_switch - now, 10000000);
        // A signal ends the wait early: the driver then stops tracing. A record held for -F's
        // pairing stays held until the switch.
        impl.session->poll(static_cast<int>((wait + 999999) / 1000000));
        return WorkStatus::Okay;
    }
    impl.next_switch = now + period;
    poll_records(impl);
    report_drops(impl);
    if (status && impl.printer->exit_status()) return WorkStatus::Done;
    return WorkStatus::Okay;
}

bool Consumer::stop() {
    Impl& impl = *impl_;
    if (!impl.session || impl.stopped) return true;
    impl.stopped = true;
    impl.exporter.reset();  // scrapes end with tracing
    runtime::SessionError err;
    impl.session->set_activity(codegen::abi::kEnd);
    bool ok = true;
    if (impl.session->has_program(probes::AttachKind::End) && !impl.session->run(probes::AttachKind::End, &err)) {
        impl.last_error = err.message;
        ok = false;
    }
    if (impl.watch_every) handle_process_events(impl);  // before stacks are named
    poll_records(impl);
    report_drops(impl);
    impl.session->set_activity(codegen::abi::kInactive);
    if (!impl.programs->aggregations.empty())
        impl.final_aggregations =
            runtime::snapshot_aggregations(agg_maps(impl), *impl.programs, impl.opts.is_set("aggpercpu"));
    impl.exit_status = impl.printer->exit_status();
    impl.process_watch.reset();
    impl.unwind.reset();
    impl.session.reset();  // detach everything
    return ok;
}

void Consumer::write_output(std::string_view text) {
    if (impl_->printer) impl_->printer->write(text);
    else if (impl_->open.sinks.out) impl_->open.sinks.out(text);
}

void Consumer::print_aggregations() {
    Impl& impl = *impl_;
    if (!impl.programs || impl.final_aggregations.empty()) return;
    if (impl.printer->options().agg.json) {
        impl.printer->write(runtime::json_aggregations(impl.final_aggregations, *impl.programs, {},
                                                       impl.printer->options().agg, impl.printer->normals(),
                                                       impl.printer->printed_aggregations(),
                                                       impl.printer->format_context()));
        return;
    }
    impl.printer->write(runtime::format_aggregations(impl.final_aggregations, *impl.programs,
                                                     impl.printer->options().agg, impl.printer->normals(),
                                                     impl.printer->printed_aggregations(),
                                                     impl.printer->format_context()));
}

bool check_program(Consumer::Impl& impl, const std::vector<const Program*>& earlier, const Program& program,
                   bool zdefs) {
    impl.diags.clear();
    prepare_types(impl);
    std::vector<const ast::Program*> asts;
    for (const Program* p : earlier) asts.push_back(p->ast.get());
    asts.push_back(program.ast.get());
    sema::SemaOptions so = sema_options(impl, program.request.spec != ProbeSpec::Script);
    so.zdefs = so.zdefs || zdefs;
    return sema::analyze(asts, impl.types, impl.registry, so, impl.diags) ? true : fail_compile(impl, program);
}

std::optional<int> Consumer::exit_status() const {
    if (impl_->printer && impl_->printer->exit_status()) return impl_->printer->exit_status();
    return impl_->exit_status;
}

}  // namespace bdtrace
