// Helpers shared by the front-end unit tests.
#pragma once

#include <string>
#include <vector>

#include "frontend/parse.h"

namespace bdtrace::test {

struct Parsed {
    std::string ast;       // dump_ast, empty on error
    std::string error;     // "TAG line N: message" of the first error, empty on success
};

inline Parsed parse(const std::string& text, frontend::ParseOptions opts = {},
                    bool command_line = false) {
    opts.command_line = command_line || opts.command_line;
    frontend::SourceBuffer src("test.d", text);
    DiagnosticList diags;
    auto r = frontend::parse_program(src, opts, diags);
    Parsed p;
    if (diags.has_errors()) {
        const auto& d = diags.items().front();
        p.error = d.tag + " line " + std::to_string(d.range.begin.line) + ": " + d.message;
    } else {
        p.ast = frontend::dump_ast(*r.program);
    }
    return p;
}

inline std::string tokens(const std::string& text, frontend::ParseOptions opts = {}) {
    frontend::SourceBuffer src("test.d", text);
    DiagnosticList diags;
    return frontend::dump_tokens(frontend::lex_all(src, opts, diags));
}

}  // namespace bdtrace::test
