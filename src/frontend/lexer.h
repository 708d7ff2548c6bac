// The D lexer. Two modes as in DTrace: Outer (program scope: probe specifiers, declaration
// keywords) and Expr (C tokens). The parser chooses the mode of every token it asks for.
// Control lines (#pragma, # N "file", #!) are consumed here and handed to a callback.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "frontend/ast.h"
#include "frontend/parse.h"
#include "frontend/source.h"
#include "frontend/token.h"

namespace bdtrace::frontend {

enum class LexMode { Outer, Expr };

// Thrown to abandon the parse at the first lexical error, as DTrace does.
struct LexAbort {};

class Lexer {
public:
    Lexer(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags);

    // Lexes the next token in `mode`. Reports lexical errors to diags and throws LexAbort.
    Token next(LexMode mode);
    // Rewinds to `offset` (the start of a token already returned) so it is lexed again,
    // possibly in another mode.
    void rewind(const Token& tok);

    // Receives each control line as it is seen (#pragma D option ... must act at once).
    std::function<void(ast::Pragma&)> on_control;
    // Whether a name is a type (D builtins, the program's typedefs, kernel types).
    std::function<bool(const std::string&)> is_type;

    std::vector<bool>& arg_referenced() { return arg_referenced_; }
    // The range diagnostics carry: lines as DTrace numbers them after # N "file" markers.
    SourceRange range(size_t begin, size_t end) const;
    uint32_t map_line(uint32_t physical) const;
    // From `offset` on, the physical line there is numbered `line`; a marker naming a file
    // (`file` non-null) also changes the file messages name (empty: the script itself).
    void set_line_base(size_t offset, uint32_t line, const std::string* file);
    // Every change of the file name messages carry, in source order.
    const std::vector<FileTagMark>& file_tags() const { return file_tags_; }

    // #pragma D option defaultargs applies to the rest of the program.
    void set_defaultargs() { defaultargs_ = true; }
    // -x pspec (or its pragma, for the rest of the program): an ambiguous `type*name` outside
    // clauses is a probe description, not a declaration.
    void set_pspec() { pspec_ = true; }

    // Parser-side bracket tracking for "closing ) expected in predicate before /".
    int parens = 0;
    int brackets = 0;

    // Error recovery: step over one character; false at the end of input.
    bool skip_char() { return pos_ < s_.size() ? (++pos_, true) : false; }
    void reset_braces() { braces_ = 0; }
    bool suppress_errors = false;  // while skipping after an error: report nothing new

    [[noreturn]] void fail(Tag tag, size_t begin, size_t end, const std::string& msg);

private:
    bool at_line_start(size_t pos) const;
    void skip_space_and_comments(LexMode mode);
    void control_line();
    Token make(Tok kind, size_t begin);
    Token lex_outer();
    Token lex_expr();
    Token lex_number(size_t begin, LexMode mode);
    size_t pred_lookahead(size_t pos) const;
    Token lex_string(size_t begin);
    Token lex_char(size_t begin);
    Token lex_macro(size_t begin);
    Token lex_ident(size_t begin);
    Token lex_punct(size_t begin);
    Token ident_or_value(size_t begin, const std::string& text);

    const SourceBuffer& src_;
    const std::string& s_;
    const ParseOptions& opts_;
    DiagnosticList& diags_;
    size_t pos_ = 0;
    int braces_ = 0;
    bool defaultargs_ = false;
    bool pspec_ = false;
    std::vector<bool> arg_referenced_;
    // Line-number remapping from "# N" control lines: physical line -> reported line.
    struct LineBase {
        uint32_t physical;
        uint32_t reported;
    };
    std::vector<LineBase> line_bases_;
    std::vector<FileTagMark> file_tags_;
};

// Escape processing of string and character constants (\n, \t, \012, \x41, ...).
std::string unescape(std::string_view text);

}  // namespace bdtrace::frontend
