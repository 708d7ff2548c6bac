// C printf(3) with a format built at run time. DTrace prints every conversion by assembling a
// printf format ("%-16llx") and calling the C library, so going through snprintf is what makes
// widths, flags, rounding and exponents come out byte for byte the same.
#pragma once

#include <cstdio>
#include <string>

namespace bdtrace::output {

template <typename... Args>
std::string cformat(const std::string& fmt, Args... args) {
    char small[256];
    int n = std::snprintf(small, sizeof small, fmt.c_str(), args...);
    if (n < 0) return {};
    if (static_cast<size_t>(n) < sizeof small) return std::string(small, static_cast<size_t>(n));
    std::string big(static_cast<size_t>(n) + 1, '\0');
    std::snprintf(big.data(), big.size(), fmt.c_str(), args...);
    big.resize(static_cast<size_t>(n));
    return big;
}

}  // namespace bdtrace::output
