#include "frontend/lexer.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "frontend/lexer_tables.h"

namespace bdtrace::frontend {

namespace {

// strchr() also finds the terminating NUL; a NUL byte in the source is no member of any set.
bool in_set(const char* set, char c) { return c != '\0' && std::strchr(set, c) != nullptr; }

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_hspace(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

// Characters of a probe specifier (DTrace's RGX_PSPEC).
bool is_pspec_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || in_set("-$:_.?*\\[]!", c);
}
bool is_pspec_char(char c) {
    return c != '\0' && (is_pspec_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '`');
}

// Is `v` a plain integer (with optional sign and suffix) or identifier? Macro arguments that
// are neither become string tokens.
bool is_int_text(const std::string& v) {
    size_t i = (v[0] == '+' || v[0] == '-') ? 1 : 0;
    if (i >= v.size() || !std::isdigit(static_cast<unsigned char>(v[i]))) return false;
    char* end = nullptr;
    errno = 0;
    std::strtoull(v.c_str() + i, &end, 0);
    while (in_set("uUlL", *end)) ++end;
    return *end == '\0';
}
bool is_ident_text(const std::string& v) {
    if (v.empty() || !(is_ident_start(v[0]) || v[0] == '`')) return false;
    for (char c : v)
        if (!is_ident_char(c) && c != '`') return false;
    return true;
}

}  // namespace

std::string unescape(std::string_view t) {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
        char c = t[i];
        if (c != '\\' || i + 1 >= t.size()) {
            out += c;
            continue;
        }
        c = t[++i];
        switch (c) {
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case 'x': {
                unsigned v = 0;
                size_t n = 0;
                while (i + 1 < t.size() && std::isxdigit(static_cast<unsigned char>(t[i + 1]))) {
                    char h = t[++i];
                    v = v * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
                    ++n;
                }
                out += static_cast<char>(v);  // "\x" without digits is a NUL, as in DTrace
                break;
            }
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                unsigned v = static_cast<unsigned>(c - '0');
                for (int k = 0; k < 2 && i + 1 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++k)
                    v = v * 8 + static_cast<unsigned>(t[++i] - '0');
                out += static_cast<char>(v);
                break;
            }
            // DTrace's stresc2chr(): \\ and \" stand for the character; any other escape (\'
            // and \? among them) keeps its backslash.
            case '\\':
            case '"': out += c; break;
            default:
                out += '\\';
                out += c;
                break;
        }
    }
    return out;
}

std::string file_tag_at(const std::vector<FileTagMark>& tags, uint32_t offset) {
    std::string file;
    for (const auto& t : tags) {
        if (t.offset > offset) break;
        file = t.file;
    }
    return file;
}

Lexer::Lexer(const SourceBuffer& src, const ParseOptions& opts, DiagnosticList& diags)
    : src_(src), s_(src.text()), opts_(opts), diags_(diags), defaultargs_(opts.defaultargs), pspec_(opts.pspec) {
    arg_referenced_.assign(opts.args.size(), false);
}

uint32_t Lexer::map_line(uint32_t physical) const {
    for (auto it = line_bases_.rbegin(); it != line_bases_.rend(); ++it)
        if (physical >= it->physical) return physical - it->physical + it->reported;
    return physical;
}

SourceRange Lexer::range(size_t begin, size_t end) const {
    SourceRange r{src_.loc_at(begin), src_.loc_at(end)};
    r.begin.line = map_line(r.begin.line);
    r.end.line = map_line(r.end.line);
    return r;
}

void Lexer::set_line_base(size_t offset, uint32_t line, const std::string* file) {
    line_bases_.push_back({src_.loc_at(offset).line, line});
    if (!file) return;
    // cpp's marker for the script itself, like DTrace's /dev/fd/N, names no other file.
    bool main = file->compare(0, 8, "/dev/fd/") == 0 ||
                (!opts_.main_file.empty() && *file == opts_.main_file);
    file_tags_.push_back({static_cast<uint32_t>(offset), main ? std::string() : *file});
}

void Lexer::fail(Tag tag, size_t begin, size_t end, const std::string& msg) {
    if (!suppress_errors) diags_.error(tag, range(begin, end), msg);
    throw LexAbort{};
}

void Lexer::rewind(const Token& tok) {
    pos_ = tok.range.begin.offset;
    parens = tok.parens_before;
    brackets = tok.brackets_before;
    braces_ = tok.braces_before;
}

bool Lexer::at_line_start(size_t pos) const {
    while (pos > 0 && is_hspace(s_[pos - 1])) --pos;
    return pos == 0 || s_[pos - 1] == '\n';
}

void Lexer::skip_space_and_comments(LexMode mode) {
    for (;;) {
        if (pos_ >= s_.size()) return;
        char c = s_[pos_];
        if (is_space(c)) {
            ++pos_;
        } else if (mode == LexMode::Expr && c == '\\' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '\n') {
            pos_ += 2;
        } else if (c == '/' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '*') {
            size_t start = pos_;
            pos_ += 2;
            for (;;) {
                if (pos_ >= s_.size())
                    fail("D_SYNTAX", pos_, pos_, "end-of-file encountered before matching */");
                if (s_.compare(pos_, 2, "*/") == 0) {
                    pos_ += 2;
                    break;
                }
                if (s_.compare(pos_, 2, "/*") == 0)
                    fail("D_SYNTAX", pos_, pos_ + 2, "/* encountered inside a comment");
                ++pos_;
            }
            (void)start;
        } else if (c == '#' && at_line_start(pos_)) {
            if (pos_ + 1 < s_.size() && s_[pos_ + 1] == '!') {
                while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;  // #! interpreter line
            } else {
                control_line();
            }
        } else {
            return;
        }
    }
}

Token Lexer::make(Tok kind, size_t begin) {
    Token t;
    t.kind = kind;
    t.range = range(begin, pos_);
    t.text = s_.substr(begin, pos_ - begin);
    t.lex_line = t.range.end.line;
    return t;
}

Token Lexer::next(LexMode mode) {
    int p0 = parens, b0 = brackets, c0 = braces_;
    skip_space_and_comments(mode);
    Token t = mode == LexMode::Outer ? lex_outer() : lex_expr();
    t.parens_before = p0;
    t.brackets_before = b0;
    t.braces_before = c0;
    return t;
}

// ---- program scope: probe specifiers and the keywords that begin declarations ----------

Token Lexer::lex_outer() {
    size_t begin = pos_;
    if (pos_ >= s_.size()) return make(Tok::End, begin);
    char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c))) return lex_number(begin, LexMode::Outer);
    if (c == '{') {
        ++pos_;
        ++braces_;
        return make(Tok::LBrace, begin);
    }
    if (c == '/') {
        ++pos_;
        return make(Tok::Slash, begin);
    }
    if (c == ',') {
        ++pos_;
        return make(Tok::Comma, begin);
    }
    if (!is_pspec_start(c))
        fail("D_SYNTAX", begin, begin + 1, std::string("syntax error near \"") + c + "\"");

    size_t end = pos_;
    while (end < s_.size()) {
        // Beyond DTrace: a field after a ':' may be double-quoted, so that it can hold what a
        // description cannot ('/' of a path: pid*:"/usr/bin/app":main:entry).
        if (s_[end] == '"' && end > begin && s_[end - 1] == ':') {
            size_t close = end + 1;
            while (close < s_.size() && s_[close] != '"' && s_[close] != '\n') ++close;
            if (close >= s_.size() || s_[close] != '"')
                fail("D_SYNTAX", end, close, "unterminated quoted field in probe description");
            end = close + 1;
            continue;
        }
        if (!is_pspec_char(s_[end])) break;
        ++end;
    }
    std::string run = s_.substr(begin, end - begin);
    // Without a ':' the run may instead begin a declaration: `int x;`, `int*p;`, `mytype_t x;`.
    // Resolve in favour of the type, as DTrace does, unless -x pspec says that `type*name` is
    // a probe description.
    if (run.find(':') == std::string::npos && !(pspec_ && run.find('*') != std::string::npos)) {
        size_t star = run.find('*');
        std::string head = (star != std::string::npos && star > 0) ? run.substr(0, star) : run;
        Tok kw = outer_keyword(head);
        bool type = kw != Tok::End || (is_ident_text(head) && is_type && is_type(head));
        if (type && (head.size() == run.size() || kw != Tok::End || star != std::string::npos)) {
            pos_ = begin + head.size();
            Token t = make(kw != Tok::End ? kw : Tok::Ident, begin);
            t.value = head;
            return t;
        }
    }
    pos_ = end;
    Token t = make(Tok::ProbeSpec, begin);
    t.value = run;
    return t;
}

// ---- clauses, predicates and declarations: C tokens -------------------------------------

Token Lexer::lex_expr() {
    size_t begin = pos_;
    if (pos_ >= s_.size()) return make(Tok::End, begin);
    char c = s_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '.' && pos_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_ + 1]))))
        return lex_number(begin, LexMode::Expr);
    if (c == '"') return lex_string(begin);
    if (c == '\'') return lex_char(begin);
    if (c == '$') return lex_macro(begin);
    if (is_ident_start(c) || c == '`') return lex_ident(begin);
    if (c == '@') {
        ++pos_;
        while (pos_ < s_.size() && is_ident_char(s_[pos_])) ++pos_;
        Token t = make(Tok::Agg, begin);
        t.value = pos_ - begin == 1 ? "@_" : t.text;
        // "@9" is "@" followed by the integer 9: names start with a letter or '_'.
        if (pos_ - begin > 1 && !is_ident_start(s_[begin + 1])) {
            pos_ = begin + 1;
            t = make(Tok::Agg, begin);
            t.value = "@_";
        }
        return t;
    }
    return lex_punct(begin);
}

Token Lexer::lex_number(size_t begin, LexMode mode) {
    // DTrace's integer pattern, and in clauses also its floating-point pattern: the longest
    // match wins, the integer on a tie (10l is an integer, 10f is not).
    auto digits = [&](size_t p, auto pred) {
        while (p < s_.size() && pred(static_cast<unsigned char>(s_[p]))) ++p;
        return p;
    };
    auto isdig = [](unsigned char ch) { return std::isdigit(ch) != 0; };
    auto isxdig = [](unsigned char ch) { return std::isxdigit(ch) != 0; };

    size_t int_end = begin;
    if (s_[begin] != '.') {
        if (s_[begin] == '0' && begin + 2 < s_.size() &&
            (s_[begin + 1] == 'x' || s_[begin + 1] == 'X') &&
            std::isxdigit(static_cast<unsigned char>(s_[begin + 2])))
            int_end = digits(begin + 2, isxdig);
        else
            int_end = digits(begin, isdig);
        if (int_end < s_.size() && (s_[int_end] == 'u' || s_[int_end] == 'U')) ++int_end;
        for (int k = 0; k < 2; ++k)
            if (int_end < s_.size() && (s_[int_end] == 'l' || s_[int_end] == 'L')) ++int_end;
    }

    if (mode == LexMode::Expr) {
        size_t fp_end = begin;
        if (s_[begin] == '.') {
            fp_end = digits(begin + 1, isdig);
        } else {
            fp_end = digits(begin, isdig);
            if (fp_end < s_.size() && s_[fp_end] == '.') fp_end = digits(fp_end + 1, isdig);
        }
        if (fp_end < s_.size() && (s_[fp_end] == 'e' || s_[fp_end] == 'E')) {
            size_t p = fp_end + 1;
            if (p < s_.size() && (s_[p] == '+' || s_[p] == '-')) ++p;
            size_t q = digits(p, isdig);
            if (q > p) fp_end = q;
        }
        if (fp_end < s_.size() && in_set("fFlL", s_[fp_end])) ++fp_end;
        // D has no floating-point constants: DTrace's lexer matches them only to reject them.
        if (fp_end > int_end) {
            pos_ = fp_end;
            fail("D_SYNTAX", begin, fp_end, "floating-point constants are not permitted");
        }
    }

    pos_ = int_end;
    Token t = make(Tok::IntLit, begin);
    errno = 0;
    char* end = nullptr;
    t.int_value = std::strtoull(t.text.c_str(), &end, 0);
    if (errno == ERANGE)
        fail("D_INT_OFLOW", begin, pos_, "constant " + t.text + " results in integer overflow");
    if (*end != '\0' && !in_set("uUlL", *end))
        fail("D_INT_DIGIT", begin, pos_,
             "constant " + t.text + " contains invalid digit " + std::string(1, *end));
    t.int_suffix = end;
    t.int_decimal = t.text[0] != '0';
    return t;
}

// Where a string or character constant opened at `begin` ends, as DTrace's patterns see it:
// the offset of the closing quote, of the newline that ends the line first, or npos when
// neither pattern matches (the file ends first, or a backslash stands before the newline or
// the end), in which case only the quote itself is a token, and no valid one.
static size_t literal_end(const std::string& s, size_t begin, char quote) {
    size_t p = begin + 1;
    while (p < s.size()) {
        char c = s[p];
        if (c == quote || c == '\n') return p;
        if (c == '\\') {
            if (p + 1 >= s.size() || s[p + 1] == '\n') return std::string::npos;
            p += 2;
            continue;
        }
        ++p;
    }
    return std::string::npos;
}

Token Lexer::lex_string(size_t begin) {
    size_t p = literal_end(s_, begin, '"');
    if (p == std::string::npos) {
        pos_ = begin + 1;
        fail("D_SYNTAX", begin, begin + 1, "syntax error near \"\"\"");
    }
    // The pattern that reports a newline includes it, so DTrace is on the next line by then.
    if (s_[p] == '\n') fail("D_STR_NL", p + 1, p + 1, "newline encountered in string literal");
    pos_ = p + 1;
    Token t = make(Tok::StringLit, begin);
    t.value = unescape(std::string_view(s_).substr(begin + 1, p - begin - 1));
    return t;
}

Token Lexer::lex_char(size_t begin) {
    size_t p = literal_end(s_, begin, '\'');
    if (p == std::string::npos) {
        pos_ = begin + 1;
        fail("D_SYNTAX", begin, begin + 1, "syntax error near \"'\"");
    }
    if (s_[p] == '\n') fail("D_CHR_NL", p + 1, p + 1, "newline encountered in character constant");
    pos_ = p + 1;
    Token t = make(Tok::IntLit, begin);
    if (p == begin + 1) fail("D_CHR_NULL", begin, pos_, "empty character constant");
    std::string bytes = unescape(std::string_view(s_).substr(begin + 1, p - begin - 1));
    if (bytes.size() > sizeof(uint64_t))
        fail("D_CHR_OFLOW", begin, pos_, "character constant is too long");
    // The first character is the most significant byte, as a C compiler packs them.
    uint64_t v = 0;
    for (unsigned char ch : bytes) v = (v << 8) | ch;
    t.int_value = v;
    t.is_char = true;
    return t;
}

Token Lexer::ident_or_value(size_t begin, const std::string& v) {
    // A $n argument stands for an integer, an identifier or a string, by its text.
    Token t = make(Tok::IntLit, begin);
    t.from_macro = true;
    if (!is_int_text(v) && !is_ident_text(v)) {
        t.kind = Tok::StringLit;
        std::string body = v;
        if (body.size() >= 2 && body.front() == '"' && body.back() == '"')
            body = body.substr(1, body.size() - 2);
        t.value = unescape(body);
        return t;
    }
    if (is_int_text(v)) {
        size_t i = (v[0] == '+' || v[0] == '-') ? 1 : 0;
        errno = 0;
        char* end = nullptr;
        uint64_t n = std::strtoull(v.c_str() + i, &end, 0);
        if (errno == ERANGE)
            fail("D_MACRO_OFLOW", begin, pos_,
                 "macro argument " + t.text + " constant " + v.substr(i) + " results in integer overflow");
        t.int_value = v[0] == '-' ? (~n + 1) : n;
        if (i) t.int_prefix = v[0];
        t.int_suffix = end;
        t.int_decimal = v[i] != '0';
        return t;
    }
    Tok kw = expr_keyword(v);
    t.kind = kw != Tok::End ? kw : Tok::Ident;
    t.value = v;
    return t;
}

Token Lexer::lex_macro(size_t begin) {
    size_t p = begin + 1;
    bool dollar2 = p < s_.size() && s_[p] == '$';
    if (dollar2) ++p;
    size_t name_begin = p;
    if (p < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p]))) {
        while (p < s_.size() && std::isdigit(static_cast<unsigned char>(s_[p]))) ++p;
        pos_ = p;
        std::string text = s_.substr(begin, p - begin);
        unsigned long idx = std::strtoul(s_.c_str() + name_begin, nullptr, 10);
        bool defined = idx < opts_.args.size();
        if (!defined && !defaultargs_)
            fail("D_MACRO_UNDEF", begin, p, "macro argument " + text + " is not defined");
        if (defined) arg_referenced_[idx] = true;
        if (dollar2) {
            Token t = make(Tok::StringLit, begin);
            t.from_macro = true;
            t.value = defined ? unescape(opts_.args[idx]) : "";
            return t;
        }
        return ident_or_value(begin, defined ? opts_.args[idx] : "0");
    }
    if (p < s_.size() && (is_ident_start(s_[p]) || s_[p] == '`')) {
        while (p < s_.size() && (is_ident_char(s_[p]) || s_[p] == '`')) ++p;
        pos_ = p;
        std::string name = s_.substr(name_begin, p - name_begin);
        std::string text = s_.substr(begin, p - begin);
        auto it = opts_.macros.find(name);
        if (it == opts_.macros.end())
            fail("D_MACRO_UNDEF", begin, p, "macro variable " + text + " is not defined");
        Token t = make(dollar2 ? Tok::StringLit : Tok::IntLit, begin);
        t.from_macro = true;
        if (dollar2)
            t.value = std::to_string(static_cast<uint32_t>(it->second));
        else
            t.int_value = it->second;
        return t;
    }
    pos_ = begin + 1;
    fail("D_SYNTAX", begin, begin + 1, "syntax error near \"$\"");
}

Token Lexer::lex_ident(size_t begin) {
    // DTrace's RGX_IDENT, or a module-scoped name whose module part may contain dots
    // (linux.ko`sym): take the longest.
    size_t run = begin;
    while (run < s_.size() && (is_ident_char(s_[run]) || s_[run] == '`' || s_[run] == '.')) ++run;
    size_t best = begin;
    while (best < run && s_[best] != '.') ++best;
    for (size_t k = begin; k < run; ++k) {
        if (s_[k] != '`') continue;
        size_t e = k + 1;
        while (e < run && s_[e] != '.') ++e;
        if (e > best) best = e;
    }
    pos_ = best;
    Token t = make(Tok::Ident, begin);
    t.value = t.text;
    Tok kw = expr_keyword(t.text);
    if (kw != Tok::End) t.kind = kw;
    return t;
}

// The first character after `pos` that is not white space (the end of input if none).
size_t Lexer::pred_lookahead(size_t pos) const {
    while (pos < s_.size() && is_space(s_[pos])) ++pos;
    return pos;
}

Token Lexer::lex_punct(size_t begin) {
    char c = s_[pos_];
    if (c == '/') {
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == '=') {
            pos_ += 2;
            return make(Tok::SlashEq, begin);
        }
        // "/" both divides and closes a predicate: it closes one when the next non-blank
        // character is the end of input, ';', '{' or '/'. DTrace reads ahead to that
        // character, so what it reports from here on carries that character's line.
        ++pos_;
        size_t p = pred_lookahead(pos_);
        uint32_t line = map_line(src_.loc_at(p).line);
        if (p >= s_.size() || s_[p] == ';' || s_[p] == '{' || s_[p] == '/') {
            if (parens != 0) fail("D_SYNTAX", p, p, "closing ) expected in predicate before /");
            if (brackets != 0) fail("D_SYNTAX", p, p, "closing ] expected in predicate before /");
            Token t = make(Tok::PredSlash, begin);
            t.lex_line = line;
            return t;
        }
        Token t = make(Tok::Slash, begin);
        t.lex_line = line;
        return t;
    }
    Tok kind = Tok::End;
    size_t len = match_punctuator(std::string_view(s_).substr(pos_), &kind);
    if (len == 0) {
        pos_ += 1;
        fail("D_SYNTAX", begin, pos_, std::string("syntax error near \"") + c + "\"");
    }
    pos_ += len;
    switch (kind) {
        case Tok::LParen: ++parens; break;
        case Tok::RParen:
            if (--parens < 0) fail("D_SYNTAX", begin, pos_, "extra ) in input stream");
            break;
        case Tok::LBracket: ++brackets; break;
        case Tok::RBracket:
            if (--brackets < 0) fail("D_SYNTAX", begin, pos_, "extra ] in input stream");
            break;
        case Tok::LBrace: ++braces_; break;
        case Tok::RBrace:
            if (--braces_ < 0) fail("D_SYNTAX", begin, pos_, "extra } in input stream");
            break;
        default: break;
    }
    return make(kind, begin);
}

}  // namespace bdtrace::frontend
