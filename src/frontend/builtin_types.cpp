// The type names D knows before any kernel type is loaded: its built-in typedefs, whose table
// (with the type each names) is in dtype.cpp.
#include <string>

#include "frontend/dtype.h"
#include "frontend/parse.h"

namespace bdtrace::frontend {

bool is_builtin_type_name(const std::string& name) { return builtin_typedef(name).has_value(); }

}  // namespace bdtrace::frontend
