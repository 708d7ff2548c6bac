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
    std::vector<int64_t> b(formats::kQuantizeBuckets, 0);
    for (auto [value, incr] : adds) b[static_cast<size_t>(formats::quantize_bucket(value))] += incr;
    return b;
}

inline std::vector<int64_t> lquant(const formats::LquantizeParams& p,
                                   std::initializer_list<std::pair<int64_t, int64_t>> adds) {
    std::vector<int64_t> b(static_cast<size_t>(formats::lquantize_nbuckets(p)), 0);
    for (auto [value, incr] : adds)
        b[static_cast<size_t>(formats::lquantize_bucket(p, value))] += incr;
    return b;
}

inline std::vector<int64_t> llquant(const formats::LlquantizeParams& p,
                                    std::initializer_list<std::pair<int64_t, int64_t>> adds) {
    std::vector<int64_t> b(static_cast<size_t>(formats::llquantize_nbuckets(p)), 0);
    for (auto [value, incr] : adds)
        b[static_cast<size_t>(formats::llquantize_bucket(p, value))] += incr;
    return b;
}

inline formats::LquantizeParams lq(int64_t base, int64_t limit, int64_t step) {
    formats::LquantizeParams p;
    EXPECT_FALSE(formats::check_lquantize(base, limit, step, &p).has_value());
    return p;
}

inline formats::LlquantizeParams llq(int64_t f, int64_t lo, int64_t hi, int64_t n) {
    formats::LlquantizeParams p;
    EXPECT_FALSE(formats::check_llquantize(f, lo, hi, n, &p).has_value());
    return p;
}

}  // namespace bdtrace::output::test
