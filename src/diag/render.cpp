#include "diag/render.h"

namespace bdtrace {

std::string format_diagnostic_body(const Diagnostic& d, const RenderContext& ctx) {
    std::string out;
    if (ctx.errtags && !d.tag.empty()) out += "[" + d.tag.str() + "] ";
    bool script = ctx.kind == SourceKind::ScriptFile;
    // DTrace numbers lines only in files; a program given on the command line that spans
    // several lines (a wrapper script's -n) gets them too, or its error could not be found.
    bool lines = script || ctx.source_name.find('\n') != std::string::npos;
    if (!ctx.file_tag.empty())
        out += "\"" + ctx.file_tag + "\", line " + std::to_string(script ? d.range.begin.line : 0) + ": ";
    else if (lines && d.range.begin.line != 0)
        out += "line " + std::to_string(d.range.begin.line) + ": ";
    out += d.message;
    return out;
}

Diagnostic in_file(const Diagnostic& d, const std::string& file) {
    return {d.severity, d.tag, SourceRange{},
            "\"" + file + "\", line " + std::to_string(d.range.begin.line) + ": " + d.message};
}

std::string render_diagnostic(const Diagnostic& d, const RenderContext& ctx) {
    std::string out = ctx.program_name + ": ";
    if (d.severity == Severity::Warning) {
        return out + d.message;
    }
    if (ctx.kind == SourceKind::ScriptFile)
        out += "failed to compile script " + ctx.source_name + ": ";
    else
        out += "invalid probe specifier " + ctx.source_name + ": ";
    return out + format_diagnostic_body(d, ctx);
}

}  // namespace bdtrace
