// D's built-in variables: one table entry each (name, kind, type).
#pragma once

#include <optional>
#include <string>

#include "sema/typed.h"
#include "sema/types.h"

namespace bdtrace::sema {

struct BuiltinInfo {
    BuiltinVar var;
    const Type* type;
    uint64_t index = 0;  // argN: N
};

// D's predefined integer constants (DTRACEFLT_*, ...): nullopt when `name` is not one.
std::optional<int64_t> find_constant(const std::string& name);

// Null when `name` is not a built-in variable.
std::optional<BuiltinInfo> find_builtin(TypeTable& types, const std::string& name);

}  // namespace bdtrace::sema
