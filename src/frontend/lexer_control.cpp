// Lexing of control lines (a '#' first on a line), DTrace's S3 state.
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "frontend/lexer.h"
#include "frontend/pragma.h"

namespace bdtrace::frontend {

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
            size_t p = pos_ + 1;
            while (p < s_.size() && s_[p] != '"' && s_[p] != '\n') {
                if (s_[p] == '\\' && p + 1 < s_.size() && s_[p + 1] != '\n') ++p;
                ++p;
            }
            if (p >= s_.size() || s_[p] == '\n')
                fail("D_STR_NL", w, p, "newline encountered in string literal");
            words.push_back({ControlWord::Kind::String,
                             unescape(std::string_view(s_).substr(w + 1, p - w - 1)), 0});
            pos_ = p + 1;
            continue;
        }
        // Words end at blanks, newlines and quotes; any other byte (even NUL) belongs to them.
        while (pos_ < s_.size() && (s_[pos_] == '\0' || !std::strchr(" \t\f\v\n\"", s_[pos_]))) ++pos_;
        std::string text = s_.substr(w, pos_ - w);
        bool is_int = std::isdigit(static_cast<unsigned char>(text[0]));
        if (is_int) {
            char* end = nullptr;
            uint64_t v = std::strtoull(text.c_str(), &end, 0);
            while (*end != '\0' && std::strchr("uUlL", *end)) ++end;
            if (*end == '\0') {
                words.push_back({ControlWord::Kind::Int, text, v});
                continue;
            }
        }
        words.push_back({ControlWord::Kind::Ident, text, 0});
    }
    size_t end = pos_;
    ++pos_;  // the newline
    ast::Pragma pragma;
    if (process_control_line(words, begin, end, *this, opts_, pragma) && on_control)
        on_control(pragma);
}

}  // namespace bdtrace::frontend
