// Lexing of control lines (a '#' first on a line), DTrace's S3 state.
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "frontend/const_fold.h"
#include "frontend/lexer.h"
#include "frontend/pragma.h"

namespace bdtrace::frontend {

namespace {

// Does all of `w` match DTrace's integer pattern ([0-9]+|0[xX][0-9a-fA-F]+)[uU]?[lL]?[lL]?
// On a tie between that pattern and a plain word, DTrace's lexer takes the integer.
bool is_integer_word(const std::string& w) {
    size_t p = 0;
    auto digits = [&](int (*pred)(int)) {
        size_t b = p;
        while (p < w.size() && pred(static_cast<unsigned char>(w[p]))) ++p;
        return p > b;
    };
    if (w.size() > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X') &&
        std::isxdigit(static_cast<unsigned char>(w[2]))) {
        p = 2;
        digits(std::isxdigit);
    } else if (!digits(std::isdigit)) {
        return false;
    }
    if (p < w.size() && (w[p] == 'u' || w[p] == 'U')) ++p;
    for (int k = 0; k < 2; ++k)
        if (p < w.size() && (w[p] == 'l' || w[p] == 'L')) ++p;
    return p == w.size();
}

}  // namespace

void Lexer::control_line() {
    size_t begin = pos_;
    ++pos_;  // '#'
    std::vector<ControlWord> words;
    for (;;) {
        if (pos_ >= s_.size())
            fail("D_SYNTAX", begin, pos_, "end-of-file encountered before end of control line");
        char c = s_[pos_];
        if (c == '\n') break;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') {
            ++pos_;
            continue;
        }
        size_t w = pos_;
        if (c == '"') {
            // The same patterns as in clauses: a newline inside is reported from the next
            // line; a quote the line never closes before the end of the file is no token.
            size_t p = w + 1;
            while (p < s_.size() && s_[p] != '"' && s_[p] != '\n') {
                if (s_[p] == '\\') {
                    if (p + 1 >= s_.size() || s_[p + 1] == '\n') break;
                    ++p;
                }
                ++p;
            }
            if (p < s_.size() && s_[p] == '\n')
                fail("D_STR_NL", p + 1, p + 1, "newline encountered in string literal");
            if (p >= s_.size() || s_[p] != '"')
                fail("D_SYNTAX", w, w + 1, "syntax error near \"\"\"");
            words.push_back({ControlWord::Kind::String,
                             unescape(std::string_view(s_).substr(w + 1, p - w - 1)), 0});
            pos_ = p + 1;
            continue;
        }
        // Words end at blanks, newlines and quotes; any other byte (even NUL) belongs to them.
        while (pos_ < s_.size() && (s_[pos_] == '\0' || !std::strchr(" \t\f\v\n\"", s_[pos_]))) ++pos_;
        std::string text = s_.substr(w, pos_ - w);
        if (!is_integer_word(text)) {
            words.push_back({ControlWord::Kind::Ident, text, 0});
            continue;
        }
        // An integer here gets the checks of any integer constant.
        errno = 0;
        char* end = nullptr;
        uint64_t v = std::strtoull(text.c_str(), &end, 0);
        if (errno == ERANGE)
            fail("D_INT_OFLOW", w, pos_, "constant " + text + " results in integer overflow");
        if (*end != '\0' && !std::strchr("uUlL", *end))
            fail("D_INT_DIGIT", w, pos_,
                 "constant " + text + " contains invalid digit " + std::string(1, *end));
        if (!integer_constant(v, end, text[0] != '0'))
            fail("D_INT_OFLOW", w, pos_, unrepresentable_integer_message(v));
        words.push_back({ControlWord::Kind::Int, text, v});
    }
    size_t end = pos_;
    ++pos_;  // the newline
    ast::Pragma pragma;
    if (process_control_line(words, begin, end, *this, opts_, pragma) && on_control)
        on_control(pragma);
}

}  // namespace bdtrace::frontend
