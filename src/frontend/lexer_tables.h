// Keyword and punctuator tables of the D lexer.
#pragma once

#include <string_view>

#include "frontend/token.h"

namespace bdtrace::frontend {

// Keywords recognised inside clauses and declarations; Tok::End when `word` is not one.
Tok expr_keyword(std::string_view word);
// Keywords recognised at program scope (those that begin a declaration); Tok::End otherwise.
Tok outer_keyword(std::string_view word);
// Longest punctuator at the start of `text`; returns its length (0 if none) and kind.
size_t match_punctuator(std::string_view text, Tok* kind);

}  // namespace bdtrace::frontend
