// The consumer: strings the stages together. Reads like a table of contents, on purpose.
#include <unistd.h>

#include "api/consumer_impl.h"
#include "api/program.h"
#include "bdtrace/bdtrace.h"
#include "diag/render.h"
#include "frontend/parse.h"
#include "frontend/preprocess.h"
#include "options/options.h"
#include "probes/kernel_functions.h"
#include "sema/sema.h"

namespace bdtrace {


namespace {

frontend::SpecField spec_field(ProbeSpec s) {
    switch (s) {
        case ProbeSpec::Provider: return frontend::SpecField::Provider;
        case ProbeSpec::Module: return frontend::SpecField::Module;
        case ProbeSpec::Function: return frontend::SpecField::Function;
        default: return frontend::SpecField::Name;
    }
}

// The macro variables of the consumer's own process ($pid, $ppid, ...).
std::map<std::string, uint64_t> consumer_macros(uint64_t target) {
    return {
        {"pid", static_cast<uint64_t>(getpid())},   {"ppid", static_cast<uint64_t>(getppid())},
        {"pgid", static_cast<uint64_t>(getpgrp())}, {"sid", static_cast<uint64_t>(getsid(0))},
        {"uid", static_cast<uint64_t>(getuid())},   {"gid", static_cast<uint64_t>(getgid())},
        {"euid", static_cast<uint64_t>(geteuid())}, {"egid", static_cast<uint64_t>(getegid())},
        {"target", target},
    };
}

}  // namespace

Consumer::Consumer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Consumer::~Consumer() = default;

std::unique_ptr<Consumer> Consumer::open(OpenOptions options) {
    auto impl = std::make_unique<Impl>();
    impl->open = std::move(options);
    // fbt needs fentry: asked of the kernel only when a description needs fbt.
    Impl* self = impl.get();
    probes::FbtSource fbt;
    fbt.check = [self]() -> std::string {
        if (!self->kernel) self->kernel = kernel::open_kernel(self->vmlinux);
        const kernel::FeatureStatus& st = self->kernel->feature(kernel::Feature::Fentry);
        if (st.available) return "";
        if (st.reason.find("EPERM") != std::string::npos && !st.privilege)
            return "fbt provider unavailable: this kernel refuses fentry programs (EPERM)";
        std::string why = st.reason;
        if (why.rfind("fbt unavailable: ", 0) == 0) why.erase(0, 17);
        return "fbt provider unavailable: " + why;
    };
    fbt.btf = [v = impl->vmlinux] { return v->parsed(); };
    fbt.traceable = [] { return probes::traceable_functions(); };
    impl->registry.set_fbt_source(std::move(fbt));
    return std::unique_ptr<Consumer>(new Consumer(std::move(impl)));
}

std::optional<std::string> Consumer::setopt(std::string_view name,
                                            std::optional<std::string_view> value) {
    return impl_->opts.set(name, value, options::Origin::CommandLine);
}

std::optional<std::string> Consumer::getopt(std::string_view name) const {
    return impl_->opts.text(name);
}

const DiagnosticList& Consumer::diagnostics() const { return impl_->diags; }
const std::string& Consumer::last_error() const { return impl_->last_error; }
int Consumer::failure_status() const { return impl_->failure_status; }

static frontend::ParseOptions parse_options(Consumer::Impl& impl, const CompileRequest& req) {
    frontend::ParseOptions po;
    po.spec_field = spec_field(req.spec);
    po.command_line = req.spec != ProbeSpec::Script;
    po.args = req.args;
    po.defaultargs = impl.opts.is_set("defaultargs");
    po.pspec = impl.opts.is_set("pspec");
    po.macros = consumer_macros(impl.target);
    po.is_type_name = [](const std::string& n) { return frontend::is_builtin_type_name(n); };
    po.is_kernel_type_name = [&impl](const std::string& n) {
        prepare_types(impl);
        return sema::is_type_name(impl.types, n);
    };
    po.is_kernel_tag = [&impl](const std::string& key) {
        prepare_types(impl);
        bool is_union = key.rfind("union ", 0) == 0;
        const sema::Type* t = impl.types.lookup_tag(is_union ? sema::TypeKind::Union : sema::TypeKind::Struct,
                                                    key.substr(key.find(' ') + 1));
        return t && t->complete;
    };
    if (impl.library) po.known = impl.library->names;
    po.on_option = [&impl](const std::string& name, const std::optional<std::string>& value) {
        std::optional<std::string_view> v;
        if (value) v = *value;
        auto err = impl.opts.set(name, v, options::Origin::Pragma);
        return err ? *err : std::string();
    };
    // cpp's line markers name the script itself; they must not make messages name a file.
    if (impl.opts.is_set("cpp") && req.spec == ProbeSpec::Script) po.main_file = req.source_name;
    return po;
}

// True when the program defines nothing to run: declarations, typedefs and pragmas alone
// make what DTrace calls an empty translation unit.
static bool is_empty_program(const ast::Program& prog) {
    for (const auto& item : prog.items) {
        switch (item.kind) {
            case ast::TopLevel::Kind::Clause:
            case ast::TopLevel::Kind::Inline:
            case ast::TopLevel::Kind::Translator:
            case ast::TopLevel::Kind::Provider: return false;
            default: break;
        }
    }
    return true;
}

// Parses the D system library (and -L directories) the first time a program needs it: one that
// names nothing the built-in library declares compiles without it, at no cost.
static void ensure_library(Consumer::Impl& impl, const std::string& text, const std::vector<std::string>& args) {
    if (impl.library) return;
    dlib::Config lc;
    lc.nolibs = impl.opts.is_set("nolibs");
    if (auto d = impl.opts.text("syslibdir")) lc.syslibdir = *d;
    lc.libdirs = impl.opts.list("libdir");
    if (lc.libdirs.empty() && lc.syslibdir.empty()) {
        bool named = dlib::mentions_library(text);
        for (const auto& a : args) named = named || dlib::mentions_library(a);
        if (lc.nolibs || !named) return;
    }
    impl.library = dlib::load_configured(lc, impl.diags);
}

static RenderContext render_context(const Consumer::Impl& impl, const CompileRequest& req) {
    RenderContext rc;
    rc.program_name = impl.open.program_name;
    rc.kind = req.spec == ProbeSpec::Script ? SourceKind::ScriptFile : SourceKind::Description;
    rc.source_name = req.source_name;
    rc.errtags = impl.opts.is_set("errtags");
    return rc;
}

// Preprocesses script files with cpp when -C (the cpp option) is in force; like DTrace, the
// text of -n/-P/-m/-f/-i is never preprocessed.
static std::optional<std::string> source_text(Consumer::Impl& impl, const CompileRequest& req) {
    if (!impl.opts.is_set("cpp") || req.spec != ProbeSpec::Script) return req.text;
    frontend::PreprocessOptions pp;
    if (auto p = impl.opts.text("cpppath")) pp.cpp_path = *p;
    pp.print_headers = impl.opts.is_set("cpphdrs");
    if (auto s = impl.opts.text("stdc")) pp.stdc_mode = s->empty() ? 't' : (*s)[0];
    pp.defines = impl.opts.list("define");
    pp.undefs = impl.opts.list("undef");
    pp.includes = impl.opts.list("incdir");
    for (const auto& item : impl.opts.list("cppargs")) {
        size_t b = 0;
        while ((b = item.find_first_not_of(" \t", b)) != std::string::npos) {
            size_t e = item.find_first_of(" \t", b);
            pp.extra_args.push_back(item.substr(b, e == std::string::npos ? e : e - b));
            b = e;
        }
    }
    if (uint64_t v = impl.opts.size("version")) pp.version = static_cast<uint32_t>(v);
    return frontend::preprocess(req.text, req.source_name, pp, impl.diags);
}

std::shared_ptr<Program> Consumer::compile(const CompileRequest& req) {
    Impl& impl = *impl_;
    impl.diags.clear();
    impl.last_error.clear();
    impl.failure_status = 1;
    std::vector<frontend::FileTagMark> file_tags;  // # N "file" markers seen while parsing
    auto fail = [&]() -> std::shared_ptr<Program> {
        RenderContext rc = render_context(impl, req);
        rc.program_name.clear();
        for (const auto& d : impl.diags.items()) {
            if (d.severity != Severity::Error) continue;
            rc.file_tag = frontend::file_tag_at(file_tags, d.range.begin.offset);
            std::string line = render_diagnostic(d, rc);
            impl.last_error = line.substr(2);  // drop the empty program-name prefix ": "
            break;
        }
        return nullptr;
    };

    auto text = source_text(impl, req);
    if (!text) return fail();

    ensure_library(impl, *text, req.args);
    if (impl.diags.has_errors()) return fail();
    frontend::SourceBuffer src(req.source_name, *text);
    frontend::ParseOptions po = parse_options(impl, req);
    frontend::ParseResult pr = frontend::parse_program(src, po, impl.diags);
    file_tags = pr.file_tags;
    if (impl.diags.has_errors()) return fail();

    // DTrace turns a probe id into its probe while parsing (dt_node_pdesc_by_id): an unknown
    // id is reported before anything checked once the whole program is parsed.
    for (const auto& item : pr.program->items) {
        if (item.kind != ast::TopLevel::Kind::Clause) continue;
        for (const auto& pd : item.clause->probes)
            if (pd.id && !impl.registry.by_id(static_cast<uint32_t>(*pd.id))) {
                impl.diags.error("D_PDESC_INVAL", pd.range, "invalid probe identifier " + std::to_string(*pd.id) +
                                                                ": Unknown probe identifier");
                return fail();
            }
    }
    // What DTrace checks once the whole program is parsed, in its order, reported at the end
    // of the input. Only the last operand must be referenced (unless -x argref).
    size_t argc = req.args.size();
    if (argc > 1 && !impl.opts.is_set("argref") &&
        !(argc - 1 < pr.arg_referenced.size() && pr.arg_referenced[argc - 1])) {
        impl.diags.error("D_MACRO_UNUSED", pr.end,
                         "extraneous argument '" + req.args[argc - 1] + "' ($" +
                             std::to_string(argc - 1) + " is not referenced)");
        return fail();
    }
    if (!impl.opts.is_set("empty") && is_empty_program(*pr.program)) {
        impl.diags.error("D_EMPTY", pr.end, "empty D program translation unit");
        return fail();
    }

    auto prog = std::make_shared<Program>();
    prog->request = req;
    prog->ast = std::move(pr.program);
    return prog;
}

std::string Consumer::dump_tokens(const CompileRequest& req) {
    impl_->diags.clear();
    auto text = source_text(*impl_, req);
    if (!text) return {};
    frontend::SourceBuffer src(req.source_name, *text);
    auto toks = frontend::lex_all(src, parse_options(*impl_, req), impl_->diags);
    return frontend::dump_tokens(toks);
}

std::string Consumer::dump_ast(const Program& program) const {
    return program.ast ? frontend::dump_ast(*program.ast) : std::string();
}


}  // namespace bdtrace
