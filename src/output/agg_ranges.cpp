#include "output/agg_ranges.h"

#include <limits>

namespace bdtrace::output {

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

}  // namespace

std::vector<BucketRange> quantize_ranges() {
    std::vector<BucketRange> out(formats::kQuantizeBuckets);
    for (int b = 0; b < formats::kQuantizeBuckets; ++b) {
        BucketRange& r = out[static_cast<size_t>(b)];
        if (b < formats::kQuantizeZeroBucket) {
            // Labelled by its end closest to zero; it starts after the previous bucket's label.
            r.max = formats::quantize_bucket_value(b);
            r.min = b == 0 ? kMin : formats::quantize_bucket_value(b - 1) + 1;
        } else if (b == formats::kQuantizeZeroBucket) {
            r.min = r.max = 0;
        } else {
            r.min = formats::quantize_bucket_value(b);
            r.max = b + 1 == formats::kQuantizeBuckets ? kMax
                                                       : formats::quantize_bucket_value(b + 1) - 1;
        }
    }
    return out;
}

std::vector<BucketRange> lquantize_ranges(const formats::LquantizeParams& p) {
    std::vector<BucketRange> out;
    const int64_t base = p.base, step = p.step;
    out.push_back({kMin, base - 1});
    for (int64_t i = 0; i < p.levels; ++i) out.push_back({base + i * step, base + (i + 1) * step - 1});
    out.push_back({base + int64_t{p.levels} * step, kMax});
    return out;
}

std::vector<BucketRange> llquantize_ranges(const formats::LlquantizeParams& p) {
    // bounds[0] is bucket 0's "<" bound; bounds[i] (i >= 1) the lowest value of bucket i.
    const std::vector<int64_t> bounds = formats::llquantize_bounds(p);
    const size_t n = static_cast<size_t>(formats::llquantize_nbuckets(p));
    std::vector<BucketRange> out(n);
    for (size_t i = 0; i < n; ++i) {
        out[i].min = i == 0 ? kMin : bounds[i];
        // The last bucket takes everything above: the overflow bucket, or the top magnitude's
        // last step when the kernel clamps.
        out[i].max = i + 1 == n ? kMax : bounds[i + 1] - 1;
    }
    return out;
}

}  // namespace bdtrace::output
