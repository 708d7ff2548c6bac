#include "diag/render.h"

namespace bdtrace {

std::string format_diagnostic_body(const Diagnostic& d, const RenderContext& ctx) {
    std::string out;
    if (ctx.errtags && !d.tag.empty()) out += "[" + d.tag + "] ";
    bool script = ctx.kind == SourceKind::ScriptFile;
    if (!ctx.file_tag.empty())
        out += "\"" + ctx.file_tag + "\", line " + std::to_string(script ? d.range.begin.line : 0) + ": ";
    else if (script && d.range.begin.line != 0)
        out += "line " + std::to_string(d.range.begin.line) + ": ";
    out += d.message;
    return out;
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
