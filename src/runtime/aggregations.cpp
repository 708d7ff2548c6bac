#include "runtime/aggregations.h"

#include <algorithm>
#include <cstring>

#include "output/agg_buckets.h"
#include "output/agg_format.h"
#include "output/value.h"

namespace bdtrace::runtime {

using sema::AggFunc;

std::vector<AggRow> snapshot_aggregations(kernel::Map& map, const codegen::ProgramSet& ps) {
    std::vector<AggRow> rows;
    std::vector<std::byte> key(ps.agg_key_size), next(ps.agg_key_size), values(map.value_buffer_size());
    std::span<const std::byte> prev;  // empty: the first key
    for (;;) {
        auto more = map.next_key(prev, next);
        if (!more || !*more) break;
        key = next;
        prev = key;
        auto found = map.lookup(key, values);
        if (!found || !*found) continue;
        uint32_t id;
        std::memcpy(&id, key.data(), 4);
        if (id == 0 || id > ps.aggregations.size()) continue;
        const codegen::AggDesc& d = ps.aggregations[id - 1];
        AggRow row;
        row.agg = id;
        row.key.resize(key.size());
        std::memcpy(row.key.data(), key.data(), key.size());
        size_t n = d.value_size / 8;
        row.value.assign(n, 0);
        size_t stride = map.percpu_stride();
        size_t ncpu = values.size() / stride;
        bool first = true;
        for (size_t cpu = 0; cpu < ncpu; ++cpu) {
            const std::byte* v = values.data() + cpu * stride;
            std::vector<int64_t> cv(n);
            std::memcpy(cv.data(), v, n * 8);
            if (d.func == AggFunc::Min || d.func == AggFunc::Max) {
                // A CPU that never saw the entry holds zeros, not an extreme: skip it.
                bool untouched = cv[0] == 0;
                if (untouched && !first) continue;
                if (first || (d.func == AggFunc::Min ? cv[0] < row.value[0] : cv[0] > row.value[0]))
                    row.value[0] = cv[0];
                if (!untouched) first = false;
                continue;
            }
            if (d.func == AggFunc::Stddev) {
                // count and sum add; the sum of squares is one 128-bit word (lo, hi).
                row.value[0] += cv[0];
                row.value[1] += cv[1];
                uint64_t lo = static_cast<uint64_t>(row.value[2]) + static_cast<uint64_t>(cv[2]);
                uint64_t carry = lo < static_cast<uint64_t>(cv[2]) ? 1 : 0;
                row.value[3] = static_cast<int64_t>(static_cast<uint64_t>(row.value[3]) +
                                                    static_cast<uint64_t>(cv[3]) + carry);
                row.value[2] = static_cast<int64_t>(lo);
                continue;
            }
            for (size_t i = 0; i < n; ++i) row.value[i] += cv[i];
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

namespace {

uint64_t stddev_of(const AggRow& r) {
    return output::agg_stddev(static_cast<uint64_t>(r.value[0]), r.value[1], static_cast<uint64_t>(r.value[2]),
                              static_cast<uint64_t>(r.value[3]));
}

// The value DTrace sorts by: the datum, or for histograms the sum of bucket × count.
long double sort_value(const AggRow& r, const codegen::AggDesc& d) {
    switch (d.func) {
        case AggFunc::Avg: return r.value[0] ? static_cast<long double>(r.value[1]) / r.value[0] : 0;
        case AggFunc::Stddev: return static_cast<long double>(stddev_of(r));
        case AggFunc::Quantize: {
            long double s = 0;
            for (size_t b = 0; b < r.value.size(); ++b)
                s += static_cast<long double>(output::quantize_bucket_value(static_cast<int>(b))) * r.value[b];
            return s;
        }
        case AggFunc::Lquantize: {
            long double s = 0;
            for (size_t b = 0; b < r.value.size(); ++b) {
                int64_t label = b == 0 ? d.base - 1 : d.base + static_cast<int64_t>(b - 1) * d.step;
                s += static_cast<long double>(label) * r.value[b];
            }
            return s;
        }
        case AggFunc::Llquantize: {
            // dt_aggregate_llquantizedsum: bucket 0 weighs factor^low - 1, the others their
            // lower bound (the overflow bucket factor^(high+1)).
            std::vector<int64_t> bounds = output::llquantize_bounds(d.llquantize);
            long double s = static_cast<long double>(bounds[0] - 1) * r.value[0];
            for (size_t b = 1; b < r.value.size() && b < bounds.size(); ++b)
                s += static_cast<long double>(bounds[b]) * r.value[b];
            return s;
        }
        default: return static_cast<long double>(r.value[0]);
    }
}

std::vector<output::Value> key_values(const AggRow& r, const codegen::AggDesc& d) {
    std::vector<output::Value> keys;
    for (const auto& k : d.keys) {
        if (k.kind == codegen::Field::Kind::String) {
            const char* s = reinterpret_cast<const char*>(r.key.data() + k.offset);
            keys.push_back(output::Value::string(std::string_view(s, strnlen(s, k.size)), k.size));
        } else {
            uint64_t v;
            std::memcpy(&v, r.key.data() + k.offset, 8);
            keys.push_back(output::Value::integer(v, k.size ? k.size : 8, k.is_signed));
        }
    }
    return keys;
}

std::string value_text(const AggRow& r, const codegen::AggDesc& d) {
    switch (d.func) {
        case AggFunc::Avg: return output::format_agg_avg(static_cast<uint64_t>(r.value[0]), r.value[1]);
        case AggFunc::Stddev:
            return output::format_agg_stddev(static_cast<uint64_t>(r.value[0]), r.value[1],
                                             static_cast<uint64_t>(r.value[2]), static_cast<uint64_t>(r.value[3]));
        case AggFunc::Quantize: return output::format_quantize(r.value);
        case AggFunc::Lquantize: {
            output::LquantizeParams p{static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step),
                                      static_cast<uint16_t>(d.levels)};
            return output::format_lquantize(p, r.value);
        }
        case AggFunc::Llquantize: return output::format_llquantize(d.llquantize, r.value);
        default: return output::format_agg_scalar(r.value[0]);
    }
}

// One aggregation's rows, sorted by value, then by key bytes, as DTrace sorts by default.
std::vector<const AggRow*> sorted_rows(const std::vector<AggRow>& rows, const codegen::AggDesc& d) {
    std::vector<const AggRow*> mine;
    for (const auto& r : rows)
        if (r.agg == d.id) mine.push_back(&r);
    std::stable_sort(mine.begin(), mine.end(), [&](const AggRow* a, const AggRow* b) {
        long double va = sort_value(*a, d), vb = sort_value(*b, d);
        if (va != vb) return va < vb;
        return a->key < b->key;
    });
    return mine;
}

}  // namespace

void clear_aggregation(kernel::Map& map, const codegen::ProgramSet& ps, uint32_t id) {
    std::vector<std::byte> zeros(map.value_buffer_size());
    for (const AggRow& r : snapshot_aggregations(map, ps)) {
        if (r.agg != id) continue;
        (void)map.update(std::as_bytes(std::span(r.key)), zeros);
    }
}

void trunc_aggregation(kernel::Map& map, const codegen::ProgramSet& ps, uint32_t id, int64_t keep) {
    if (id == 0 || id > ps.aggregations.size()) return;
    auto rows = snapshot_aggregations(map, ps);
    auto mine = sorted_rows(rows, ps.aggregations[id - 1]);  // smallest first
    size_t n = mine.size();
    size_t k = static_cast<size_t>(keep < 0 ? -keep : keep);
    for (size_t i = 0; i < n; ++i) {
        bool kept = keep > 0 ? i + k >= n : keep < 0 ? i < k : false;
        if (!kept) (void)map.remove(std::as_bytes(std::span(mine[i]->key)));
    }
}

std::string format_aggregation_rows(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                    const output::CompiledFormat& format,
                                    const output::FormatContext& ctx) {
    std::string out;
    for (const auto& d : ps.aggregations) {
        for (const AggRow* r : sorted_rows(rows, d)) {
            auto keys = key_values(*r, d);
            output::Value v;
            if (d.func == AggFunc::Quantize || d.func == AggFunc::Lquantize || d.func == AggFunc::Llquantize) {
                v.kind = output::Value::Kind::Verbatim;
                v.text = value_text(*r, d);
            } else if (d.func == AggFunc::Avg) {
                v = output::Value::i64(r->value[0] ? r->value[1] / r->value[0] : 0);
            } else if (d.func == AggFunc::Stddev) {
                v = output::Value::i64(static_cast<int64_t>(stddev_of(*r)));
            } else {
                v = output::Value::i64(r->value[0]);
            }
            out += output::format_printf(format, keys, ctx, std::span<const output::Value>(&v, 1)).text;
        }
    }
    return out;
}

std::string format_aggregations(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                const std::set<uint32_t>& skip) {
    std::string out;
    for (const auto& d : ps.aggregations) {
        if (skip.count(d.id)) continue;
        for (const AggRow* r : sorted_rows(rows, d)) {
            auto keys = key_values(*r, d);
            out += output::format_agg_row(keys, value_text(*r, d));
        }
    }
    return out;
}

}  // namespace bdtrace::runtime
