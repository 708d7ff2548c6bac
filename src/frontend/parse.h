// The front end's entry point: D source text in, ast::Program and diagnostics out.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "frontend/ast.h"
#include "frontend/source.h"
#include "frontend/token.h"

namespace bdtrace::frontend {

class DeclaredNames;

// Which field a partial probe description fills first (dtrace -n/-s name, -f func, -m module,
// -P provider): "read" under -f means ::read: .
enum class SpecField { Provider, Module, Function, Name };

struct ParseOptions {
    SpecField spec_field = SpecField::Name;
    // True for -n/-P/-m/-f/-i text: a description with neither predicate nor body is allowed.
    bool command_line = false;
    // Macro arguments: args[0] is $0 (script name), args[1..] are the operands.
    std::vector<std::string> args;
    bool defaultargs = false;  // -x defaultargs: undefined $n is 0 / ""
    bool pspec = false;        // -x pspec: `type*name` outside clauses is a probe description
    // Macro variables ($pid, $ppid, $target, ...) by name, without the '$'.
    std::map<std::string, uint64_t> macros;
    // Whether an identifier names a type known outside the program (kernel or D builtin types).
    // The parser adds the program's own typedefs itself.
    std::function<bool(const std::string&)> is_type_name;
    // Whether an identifier names a kernel (BTF) typedef; asked only where a type name is the
    // only reading (before `*`, `)` or a declarator), since answering loads the kernel's types.
    std::function<bool(const std::string&)> is_kernel_type_name;
    // Whether "struct T" / "union T" is a complete kernel type (asked for a member of a type
    // the program has not defined).
    std::function<bool(const std::string&)> is_kernel_tag;
    // Called for each `#pragma D option name[=value]` as soon as it is seen, so that options
    // such as defaultargs take effect for the rest of the program. Return an error message in
    // DTrace's words, or an empty string on success.
    std::function<std::string(const std::string& name, const std::optional<std::string>& value)>
        on_option;
    // The name cpp's line markers give the script itself when it was preprocessed (-C): such
    // a marker takes messages back to the script, as DTrace's /dev/fd/N markers do.
    std::string main_file;
    // What earlier programs declared (the D system library): the program starts knowing their
    // types, inlines and translators, as DTrace's programs know its libraries'.
    std::shared_ptr<const DeclaredNames> known;
    // Parsing a file of the D system library (it may depend on other library files).
    bool library = false;
};

// From `offset` on, messages name `file` ("" = the script itself): set by # N "file" markers.
struct FileTagMark {
    uint32_t offset;
    std::string file;
};

struct ParseResult {
    std::unique_ptr<ast::Program> program;
    // Which of args[] were referenced ($n or $$n), for the "not referenced" check.
    std::vector<bool> arg_referenced;
    // The end of the input as DTrace numbers it (errors found after parsing are reported
    // there: one past the last line when the text ends with a newline).
    SourceRange end;
    std::vector<FileTagMark> file_tags;
    // Everything declared once the program is parsed (with ParseOptions::known), for the next.
    std::shared_ptr<const DeclaredNames> names;
};

// The file name messages about `offset` carry ("" when none: "line N:" alone).
std::string file_tag_at(const std::vector<FileTagMark>& tags, uint32_t offset);

// Parses a whole program. Errors go to `diags`; the program returned holds whatever could be
// parsed (possibly partial after errors).
ParseResult parse_program(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags);

// Lexes the whole buffer for the token dump (--dump-tokens). Mode switches follow the parser's
// rules as far as can be decided from tokens alone.
std::vector<Token> lex_all(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags);

// Dumps for tests and debugging; deterministic.
std::string dump_tokens(const std::vector<Token>& tokens);
std::string dump_ast(const ast::Program& program);

// D's built-in type names (int8_t, uint64_t, size_t, ...), known before any BTF is loaded.
bool is_builtin_type_name(const std::string& name);

}  // namespace bdtrace::frontend
