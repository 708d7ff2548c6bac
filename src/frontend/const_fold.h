// Integer constant expressions as the front end needs them (array dimensions, bit-field
// widths, enumerator values): literals, sizeof of keyword types, and C's arithmetic on them.
#pragma once

#include <cstdint>
#include <optional>

#include "frontend/ast.h"

namespace bdtrace::frontend {

std::optional<int64_t> fold_integer_constant(const ast::Expr& e);

}  // namespace bdtrace::frontend
