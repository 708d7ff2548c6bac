// Renders Diagnostics in DTrace's words and layout:
//   dtrace: failed to compile script x.d: line 3: syntax error near "}"
//   dtrace: failed to compile script x.d: [D_SYNTAX] line 3: ...      (with -x errtags)
//   dtrace: invalid probe specifier BEGIN { x = ; }: syntax error near ";"
#pragma once

#include <string>

#include "bdtrace/diagnostic.h"

namespace bdtrace {

enum class SourceKind {
    ScriptFile,  // -s: "failed to compile script NAME"; messages carry "line N:"
    Description  // -n/-P/-m/-f/-i: "invalid probe specifier TEXT"; line numbers only when TEXT has several lines
};

struct RenderContext {
    std::string program_name = "dtrace";  // the name we were invoked as (argv[0] basename)
    SourceKind kind = SourceKind::ScriptFile;
    std::string source_name;  // script path as given, or the description text
    bool errtags = false;     // -x errtags: "[D_TAG] " before "line N:"
    // The file a `# N "file"` line marker named, if any: messages then say
    // "\"file\", line N: " (with line 0 for descriptions, which have no lines), as DTrace does.
    std::string file_tag;
};

// The message body shared by every form: "[D_TAG] line N: message" (tag and line optional;
// the line for scripts, and for command-line programs of more than one line).
std::string format_diagnostic_body(const Diagnostic& d, const RenderContext& ctx);

// A diagnostic about a file other than the one compiled (a library file): the message names the
// file and line as DTrace's "\"FILE\", line N: message" and the range is cleared, so the
// rendering adds no line of the compiled program.
Diagnostic in_file(const Diagnostic& d, const std::string& file);

// One full line, without a trailing newline.
std::string render_diagnostic(const Diagnostic& d, const RenderContext& ctx);

}  // namespace bdtrace
