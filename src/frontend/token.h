// D tokens. The lexer has two modes, as DTrace's does: Outer (program scope, where probe
// specifiers such as `syscall::read:entry` are single tokens) and Expr (predicates, bodies and
// declarations, where C's tokens apply). The parser switches the mode.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "bdtrace/diagnostic.h"

namespace bdtrace::frontend {

#define BDTRACE_KEYWORDS(X)                                                                   \
    X(Auto, "auto") X(Break, "break") X(Case, "case") X(Char, "char") X(Const, "const")       \
    X(Continue, "continue") X(Counter, "counter") X(Default, "default") X(Do, "do")           \
    X(Double, "double") X(Else, "else") X(Enum, "enum") X(Extern, "extern") X(Float, "float") \
    X(For, "for") X(Goto, "goto") X(If, "if") X(Import, "import") X(Inline, "inline")         \
    X(Int, "int") X(Long, "long") X(Offsetof, "offsetof") X(Probe, "probe")                   \
    X(Provider, "provider") X(Register, "register") X(Restrict, "restrict")                   \
    X(Return, "return") X(Self, "self") X(Short, "short") X(Signed, "signed")                 \
    X(Sizeof, "sizeof") X(Static, "static") X(String, "string") X(Stringof, "stringof")       \
    X(Struct, "struct") X(Switch, "switch") X(This, "this") X(Translator, "translator")       \
    X(Typedef, "typedef") X(Union, "union") X(Unsigned, "unsigned") X(Userland, "userland")   \
    X(Void, "void") X(Volatile, "volatile") X(While, "while") X(Xlate, "xlate")

#define BDTRACE_PUNCTUATORS(X)                                                                 \
    X(LParen, "(") X(RParen, ")") X(LBracket, "[") X(RBracket, "]") X(LBrace, "{")            \
    X(RBrace, "}") X(Semi, ";") X(Comma, ",") X(Dot, ".") X(Arrow, "->") X(Ellipsis, "...")   \
    X(Question, "?") X(Colon, ":") X(Plus, "+") X(Minus, "-") X(Star, "*") X(Slash, "/")      \
    X(Percent, "%") X(Amp, "&") X(Pipe, "|") X(Caret, "^") X(Tilde, "~") X(Bang, "!")        \
    X(AmpAmp, "&&") X(PipePipe, "||") X(CaretCaret, "^^") X(Less, "<") X(Greater, ">")       \
    X(LessEq, "<=") X(GreaterEq, ">=") X(EqEq, "==") X(BangEq, "!=") X(Shl, "<<")            \
    X(Shr, ">>") X(Assign, "=") X(PlusEq, "+=") X(MinusEq, "-=") X(StarEq, "*=")             \
    X(SlashEq, "/=") X(PercentEq, "%=") X(AmpEq, "&=") X(PipeEq, "|=") X(CaretEq, "^=")      \
    X(ShlEq, "<<=") X(ShrEq, ">>=") X(PlusPlus, "++") X(MinusMinus, "--")

enum class Tok : uint8_t {
    End,
    Ident,       // identifier, possibly scoped with backquotes: `sym, mod`sym
    IntLit,      // integer or character constant (D has no floating-point constants)
    StringLit,   // string constant (value holds the bytes after escape processing)
    Agg,         // @name, or "@" alone (value "@_")
    ProbeSpec,   // Outer mode: a probe specifier such as syscall::read:entry or BEGIN
    PredSlash,   // the "/" that closes a predicate
#define X(name, text) Kw##name,
    BDTRACE_KEYWORDS(X)
#undef X
#define X(name, text) name,
        BDTRACE_PUNCTUATORS(X)
#undef X
};

const char* tok_name(Tok t);      // "Ident", "KwInt", "PlusEq", ...
const char* tok_spelling(Tok t);  // "int", "+=", or a description for literal kinds

struct Token {
    Tok kind = Tok::End;
    SourceRange range;
    std::string text;   // the source text of the token (after macro substitution)
    std::string value;  // string literal bytes, identifier or probe-spec text
    uint64_t int_value = 0;
    std::string int_suffix;  // "u", "ul", "ll", ... as written
    bool int_decimal = true; // written in decimal (affects typing of constants)
    bool from_macro = false; // produced by a $n / $name substitution
    bool is_char = false;    // integer constant written as a character constant
    char int_prefix = 0;     // '+' or '-' written before a macro argument's integer ($1 = "-3")
    // The line DTrace's lexer has reached once it has read this token (its yylineno): the
    // token's own line, except for a "/" in a clause, after which DTrace looks ahead past
    // blanks and newlines to tell division from the end of a predicate.
    uint32_t lex_line = 0;
    // Bracket depths before this token, so that re-lexing it after a mode switch restores them.
    int parens_before = 0, brackets_before = 0, braces_before = 0;
};

}  // namespace bdtrace::frontend
