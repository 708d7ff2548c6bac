// Feeds arbitrary bytes to the D front end as a script and as a command-line description.
// The front end must never crash, hang or read out of bounds, whatever the text: every input
// ends in a syntax tree, diagnostics, or both. Dumps and diagnostic rendering run too, since
// they walk what the parser built (ranges included).
#include <cstddef>
#include <cstdint>
#include <string>

#include "bdtrace/diagnostic.h"
#include "diag/render.h"
#include "frontend/parse.h"
#include "frontend/source.h"
#include "options/options.h"

namespace {

using namespace bdtrace;

void render_all(const DiagnosticList& diags, const frontend::SourceBuffer& src, SourceKind kind) {
    RenderContext ctx;
    ctx.kind = kind;
    ctx.source_name = src.name();
    ctx.errtags = true;
    for (const Diagnostic& d : diags.items()) {
        (void)render_diagnostic(d, ctx);
        (void)src.loc_at(d.range.begin.offset);
        (void)src.line_text(d.range.begin.line);
    }
}

void parse_once(const std::string& text, bool command_line) {
    frontend::SourceBuffer src("fuzz.d", text);
    options::OptionSet options;

    frontend::ParseOptions opts;
    opts.command_line = command_line;
    opts.args = {"fuzz.d", "1", "foo"};
    opts.defaultargs = true;
    opts.macros = {{"pid", 1234}, {"ppid", 1}, {"uid", 0}, {"gid", 0}, {"target", 0}};
    opts.is_type_name = frontend::is_builtin_type_name;
    opts.on_option = [&options](const std::string& name, const std::optional<std::string>& value) {
        std::optional<std::string_view> v;
        if (value) v = *value;
        auto err = options.set(name, v, options::Origin::Pragma);
        return err ? *err : std::string();
    };

    DiagnosticList diags;
    frontend::ParseResult result = frontend::parse_program(src, opts, diags);
    if (result.program) (void)frontend::dump_ast(*result.program);
    render_all(diags, src, command_line ? SourceKind::Description : SourceKind::ScriptFile);

    DiagnosticList lex_diags;
    (void)frontend::dump_tokens(frontend::lex_all(src, opts, lex_diags));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    parse_once(text, /*command_line=*/false);
    parse_once(text, /*command_line=*/true);
    return 0;
}
