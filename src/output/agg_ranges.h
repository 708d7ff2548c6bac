// The values each bucket of quantize(), lquantize() and llquantize() holds, as closed integer
// ranges: what a consumer outside DTrace's text needs (Prometheus' cumulative "le" buckets, the
// public API's aggregation snapshot). The bucket arithmetic itself is agg_buckets.h's.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/agg_buckets.h"

namespace bdtrace::output {

// Every value v with min <= v <= max falls into the bucket. The open ends are INT64_MIN and
// INT64_MAX.
struct BucketRange {
    int64_t min = 0;
    int64_t max = 0;
};

// quantize(): 127 ranges; bucket 63 is [0, 0], bucket 63+k is [2^(k-1), 2^k - 1], bucket 63-k
// is [-(2^k) + 1, -2^(k-1)]; the outermost buckets reach the ends of int64.
std::vector<BucketRange> quantize_ranges();
// lquantize(): levels + 2 ranges: below base, each step, at or above base + levels * step.
std::vector<BucketRange> lquantize_ranges(const formats::LquantizeParams& p);
// llquantize(): formats::llquantize_nbuckets() ranges: below factor^low, each step of each
// magnitude, and the overflow bucket (or the clamped top bucket) up to INT64_MAX.
std::vector<BucketRange> llquantize_ranges(const formats::LlquantizeParams& p);

}  // namespace bdtrace::output
