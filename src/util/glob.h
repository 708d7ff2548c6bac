// DTrace's probe-description patterns (gmatch(3GEN) semantics): * ? [set] [!set] [a-z] and
// backslash escapes, matched against the whole field. An empty pattern matches anything.
#pragma once

#include <string_view>

namespace bdtrace::util {

bool glob_match(std::string_view pattern, std::string_view text);
bool has_glob(std::string_view pattern);

}  // namespace bdtrace::util
