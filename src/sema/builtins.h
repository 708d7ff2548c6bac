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

// Null when `name` is not a built-in variable.
std::optional<BuiltinInfo> find_builtin(TypeTable& types, const std::string& name);

}  // namespace bdtrace::sema
