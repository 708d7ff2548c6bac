// Control lines: #pragma D option/depends_on/attributes/binding/error, #pragma ident,
// # N "file" line markers. One table entry per directive.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"

namespace bdtrace::frontend {

class Lexer;
struct ParseOptions;

struct ControlWord {
    enum class Kind { Ident, String, Int };
    Kind kind;
    std::string text;  // Ident: the word; String: bytes after escapes; Int: as written
    uint64_t value = 0;
};

// Applies one control line. `begin`/`end` are the line's source offsets (for diagnostics and
// line markers). Fills `out` with the directive recorded in the syntax tree; returns false
// when the line leaves nothing to record (null directives, #ident, unknown foreign pragmas).
bool process_control_line(const std::vector<ControlWord>& words, size_t begin, size_t end,
                          Lexer& lexer, const ParseOptions& opts, ast::Pragma& out);

}  // namespace bdtrace::frontend
