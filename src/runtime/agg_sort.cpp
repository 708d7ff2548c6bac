#include "runtime/agg_sort.h"

#include <cstring>

#include "formats/agg_buckets.h"
#include "output/agg_format.h"

namespace bdtrace::runtime {

using sema::AggFunc;

namespace {

template <typename T>
int three_way(T a, T b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

int64_t at(const AggRow& r, size_t i) { return i < r.value.size() ? r.value[i] : 0; }

long double quantize_total(const AggRow& r) {
    long double s = 0;
    for (int b = 0; b < formats::kQuantizeBuckets; ++b)
        s += static_cast<long double>(formats::quantize_bucket_value(b)) * at(r, static_cast<size_t>(b));
    return s;
}

// Bucket 0 weighs base - 1, bucket i base + (i-1)·step, the last one limit + 1.
long double lquantize_total(const AggRow& r, const codegen::AggDesc& d) {
    long double s = static_cast<long double>(at(r, 0)) * static_cast<long double>(d.base - 1);
    for (int64_t i = 0; i < d.levels; ++i)
        s += static_cast<long double>(at(r, static_cast<size_t>(i + 1))) * static_cast<long double>(d.base + i * d.step);
    int64_t limit = d.base + d.levels * d.step;
    return s + static_cast<long double>(at(r, static_cast<size_t>(d.levels + 1))) * static_cast<long double>(limit + 1);
}

// The count of the bucket whose weight is zero, if any.
int64_t lquantize_zero(const AggRow& r, const codegen::AggDesc& d) {
    if (d.base - 1 == 0) return at(r, 0);
    for (int64_t i = 0; i < d.levels; ++i)
        if (d.base + i * d.step == 0) return at(r, static_cast<size_t>(i + 1));
    if (d.base + d.levels * d.step + 1 == 0) return at(r, static_cast<size_t>(d.levels + 1));
    return 0;
}

// Bucket 0 weighs factor^low - 1, the others their lower bound (dt_aggregate_llquantizedsum).
long double llquantize_total(const AggRow& r, const codegen::AggDesc& d) {
    std::vector<int64_t> bounds = formats::llquantize_bounds(d.llquantize);
    if (bounds.empty()) return 0;
    long double s = static_cast<long double>(bounds[0] - 1) * at(r, 0);
    for (size_t b = 1; b < r.value.size() && b < bounds.size(); ++b)
        s += static_cast<long double>(bounds[b]) * at(r, b);
    return s;
}

uint64_t stddev_of(const AggRow& r) {
    return output::agg_stddev(static_cast<uint64_t>(at(r, 0)), at(r, 1), static_cast<uint64_t>(at(r, 2)),
                              static_cast<uint64_t>(at(r, 3)));
}

uint64_t key_int(const AggRow& r, const codegen::Field& k) {
    uint64_t v = 0;
    if (k.offset + 8 <= r.key.size()) std::memcpy(&v, r.key.data() + k.offset, 8);
    switch (k.size) {
        case 1: return v & 0xff;
        case 2: return v & 0xffff;
        case 4: return v & 0xffffffff;
        default: return v;
    }
}

}  // namespace

int compare_values(const AggRow& a, const AggRow& b, const codegen::AggDesc& d) {
    switch (d.func) {
        case AggFunc::Avg: {
            int64_t la = at(a, 0) ? at(a, 1) / at(a, 0) : 0, lb = at(b, 0) ? at(b, 1) / at(b, 0) : 0;
            return three_way(la, lb);
        }
        case AggFunc::Stddev: return three_way(stddev_of(a), stddev_of(b));
        case AggFunc::Quantize: {
            if (int c = three_way(quantize_total(a), quantize_total(b))) return c;
            return three_way(at(a, formats::kQuantizeZeroBucket), at(b, formats::kQuantizeZeroBucket));
        }
        case AggFunc::Lquantize: {
            if (int c = three_way(lquantize_total(a, d), lquantize_total(b, d))) return c;
            return three_way(lquantize_zero(a, d), lquantize_zero(b, d));
        }
        case AggFunc::Llquantize: {
            // Ties go to the count of the first bucket, as dt_aggregate_llquantizedcmp does.
            if (int c = three_way(llquantize_total(a, d), llquantize_total(b, d))) return c;
            return three_way(at(a, 0), at(b, 0));
        }
        default: return three_way(at(a, 0), at(b, 0));
    }
}

int compare_keys(const AggRow& a, const AggRow& b, const codegen::AggDesc& d, int64_t keypos) {
    size_t n = d.keys.size();
    if (n == 0) return 0;
    size_t start = keypos < 0 || static_cast<uint64_t>(keypos) >= n ? 0 : static_cast<size_t>(keypos);
    for (size_t i = 0; i < n; ++i) {
        const codegen::Field& k = d.keys[(start + i) % n];
        if (k.kind == codegen::Field::Kind::Int) {
            if (int c = three_way(key_int(a, k), key_int(b, k))) return c;
            continue;
        }
        if (k.kind == codegen::Field::Kind::USym && a.key.size() >= k.offset + 16 && b.key.size() >= k.offset + 16) {
            // By address, then process (the pid comes first in the key).
            uint64_t x[2], y[2];
            std::memcpy(x, a.key.data() + k.offset, 16);
            std::memcpy(y, b.key.data() + k.offset, 16);
            if (int c = three_way(x[1], y[1])) return c;
            if (int c = three_way(x[0], y[0])) return c;
            continue;
        }
        size_t len = std::min<size_t>(k.size, a.key.size() > k.offset ? a.key.size() - k.offset : 0);
        len = std::min<size_t>(len, b.key.size() > k.offset ? b.key.size() - k.offset : 0);
        if (int c = std::memcmp(a.key.data() + k.offset, b.key.data() + k.offset, len)) return c < 0 ? -1 : 1;
    }
    return 0;
}

}  // namespace bdtrace::runtime
