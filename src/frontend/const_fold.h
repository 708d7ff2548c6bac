// Integer constant folding as DTrace's parser does it while it builds its tree: constants get
// C's types (int, unsigned, long, ...), and operators, casts to integer types, sizeof of a
// type, ?: with a constant condition and integer-valued inlines and enumerators fold. What
// folds decides DTrace's checks: division by zero, array dimensions, bit-field widths,
// enumerator values, and whether a call's callee is still an identifier.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "frontend/ast.h"

namespace bdtrace::frontend {

class DeclaredNames;

struct IntConst {
    uint64_t value = 0;
    unsigned size = 4;      // bytes of its type
    bool is_signed = true;  // DTrace's DT_NF_SIGNED: signed integer types only
    bool is_enum = false;   // an enumerator's type: arithmetic treats it as int
};

// The type DTrace gives the integer constant `value` written with `suffix` in decimal or not
// (C99 6.4.4.1): nullopt when no type in its list can hold it.
std::optional<IntConst> integer_constant(uint64_t value, std::string_view suffix, bool decimal);
std::string unrepresentable_integer_message(uint64_t value);

// The constant `e` folds to, or nullopt when DTrace would keep an operator node.
std::optional<IntConst> fold_constant(const ast::Expr& e, const DeclaredNames& names);

// The same without the program's declarations (no inlines, enumerators or typedefs), as a
// signed value: for later stages that need a dimension or a width.
std::optional<int64_t> fold_integer_constant(const ast::Expr& e);

// DTrace's dt_node_is_posconst: a non-zero constant that is positive if its type is signed.
inline bool is_positive_constant(const std::optional<IntConst>& c) {
    return c && c->value != 0 && (!c->is_signed || static_cast<int64_t>(c->value) > 0);
}

}  // namespace bdtrace::frontend
