#include "frontend/lexer_tables.h"

#include <array>
#include <string>

namespace bdtrace::frontend {

namespace {

struct Entry {
    std::string_view text;
    Tok kind;
};

constexpr Entry kKeywords[] = {
#define X(name, text) {text, Tok::Kw##name},
    BDTRACE_KEYWORDS(X)
#undef X
};

constexpr Entry kPunctuators[] = {
#define X(name, text) {text, Tok::name},
    BDTRACE_PUNCTUATORS(X)
#undef X
};

// The keywords that switch DTrace's lexer from program scope to declaration parsing.
constexpr std::string_view kOuterKeywords[] = {
    "auto",    "char",     "const",   "counter", "double",     "enum",    "extern",
    "float",   "import",   "inline",  "int",     "long",       "provider", "register",
    "restrict", "self",    "short",   "signed",  "static",     "string",  "struct",
    "this",    "translator", "typedef", "union", "unsigned",   "void",    "volatile",
};

}  // namespace

Tok expr_keyword(std::string_view word) {
    for (const auto& e : kKeywords)
        if (e.text == word) return e.kind;
    return Tok::End;
}

Tok outer_keyword(std::string_view word) {
    for (auto k : kOuterKeywords)
        if (k == word) return expr_keyword(word);
    return Tok::End;
}

size_t match_punctuator(std::string_view text, Tok* kind) {
    size_t best = 0;
    for (const auto& e : kPunctuators) {
        if (e.text.size() > best && text.substr(0, e.text.size()) == e.text) {
            best = e.text.size();
            *kind = e.kind;
        }
    }
    return best;
}

const char* tok_name(Tok t) {
    switch (t) {
        case Tok::End: return "End";
        case Tok::Ident: return "Ident";
        case Tok::IntLit: return "Int";
        case Tok::StringLit: return "String";
        case Tok::Agg: return "Agg";
        case Tok::ProbeSpec: return "ProbeSpec";
        case Tok::PredSlash: return "PredSlash";
#define X(name, text) \
    case Tok::Kw##name: return "Kw" #name;
            BDTRACE_KEYWORDS(X)
#undef X
#define X(name, text) \
    case Tok::name: return #name;
            BDTRACE_PUNCTUATORS(X)
#undef X
    }
    return "?";
}

const char* tok_spelling(Tok t) {
    switch (t) {
        case Tok::End: return "end of input";
        case Tok::Ident: return "identifier";
        case Tok::IntLit: return "integer constant";
        case Tok::StringLit: return "string constant";
        case Tok::Agg: return "aggregation";
        case Tok::ProbeSpec: return "probe specifier";
        case Tok::PredSlash: return "/";
#define X(name, text) \
    case Tok::Kw##name: return text;
            BDTRACE_KEYWORDS(X)
#undef X
#define X(name, text) \
    case Tok::name: return text;
            BDTRACE_PUNCTUATORS(X)
#undef X
    }
    return "?";
}

}  // namespace bdtrace::frontend
