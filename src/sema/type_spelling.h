// Types named by C spellings that come from outside a D program (the kernel's tracefs formats:
// "const char *const *", "unsigned", "struct stat *", "u32"), resolved as a D declaration's
// names are: C's integer keywords, D's typedefs, then the kernel's BTF typedefs and tags.
#pragma once

#include <string_view>

#include "sema/types.h"

namespace bdtrace::sema {

// The type `spelling` names, or null when it names something unknown or is not a plain
// declaration (arrays, function pointers). Qualifiers (const, volatile, __user) are dropped.
const Type* type_from_spelling(TypeTable& types, std::string_view spelling);

// `t` with every pointer level pointing into user memory: a system call's pointer arguments,
// and what they point to, are the calling process's addresses.
const Type* in_user_space(TypeTable& types, const Type* t);

}  // namespace bdtrace::sema
