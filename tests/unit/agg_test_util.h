// Shared by the aggregation output tests: bucket arrays built from (value, increment) pairs
// with the real bucket arithmetic, and checked histogram parameters.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "formats/agg_buckets.h"

namespace bdtrace::output::test {

inline constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

inline const std::string kHeader =
    "\n           value  ------------- Distribution ------------- count    \n";

inline std::vector<int64_t> quant(std::initializer_list<std::pair<int64_t, int64_t>> adds) {
    std::vector<int64_t> b(kQuantizeBuckets, 0);
    for (auto [value, incr] : adds) b[static_cast<size_t>(quantize_bucket(value))] += incr;
    return b;
}

inline std::vector<int64_t> lquant(const LquantizeParams& p,
                                   std::initializer_list<std::pair<int64_t, int64_t>> adds) {
    std::vector<int64_t> b(static_cast<size_t>(lquantize_nbuckets(p)), 0);
    for (auto [value, incr] : adds) b[static_cast<size_t>(lquantize_bucket(p, value))] += incr;
    return b;
}

inline std::vector<int64_t> llquant(const LlquantizeParams& p,
                                    std::initializer_list<std::pair<int64_t, int64_t>> adds) {
    std::vector<int64_t> b(static_cast<size_t>(llquantize_nbuckets(p)), 0);
    for (auto [value, incr] : adds) b[static_cast<size_t>(llquantize_bucket(p, value))] += incr;
    return b;
}

inline LquantizeParams lq(int64_t base, int64_t limit, int64_t step) {
    LquantizeParams p;
    EXPECT_FALSE(check_lquantize(base, limit, step, &p).has_value());
    return p;
}

inline LlquantizeParams llq(int64_t f, int64_t lo, int64_t hi, int64_t n) {
    LlquantizeParams p;
    EXPECT_FALSE(check_llquantize(f, lo, hi, n, &p).has_value());
    return p;
}

}  // namespace bdtrace::output::test
