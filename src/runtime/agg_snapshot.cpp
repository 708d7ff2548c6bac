// Reading and changing the aggregation map: every entry with its CPUs' values merged, clear()
// and trunc().
#include <cstring>

#include "codegen/abi.h"
#include "runtime/agg_sort.h"
#include "runtime/aggregations.h"

namespace bdtrace::runtime {

using sema::AggFunc;

namespace {

// min() and max() words as the map holds them (abi::kAggMinMask): to values.
void decode_cpu(AggFunc func, std::vector<int64_t>& cpu) {
    if (func == AggFunc::Min || func == AggFunc::Max)
        cpu[0] = static_cast<int64_t>(static_cast<uint64_t>(cpu[0]) ^
                                      (func == AggFunc::Min ? codegen::abi::kAggMinMask : codegen::abi::kAggMaxMask));
}

// Folds one CPU's value into the merged one.
void merge_cpu(AggFunc func, std::vector<int64_t>& into, const std::vector<int64_t>& cpu, bool& first) {
    if (func == AggFunc::Min || func == AggFunc::Max) {
        // A CPU that never saw the entry holds the extreme, which never wins.
        if (first || (func == AggFunc::Min ? cpu[0] < into[0] : cpu[0] > into[0])) into[0] = cpu[0];
        first = false;
        return;
    }
    if (func == AggFunc::Stddev) {
        // count and sum add; the sum of squares is one 128-bit word (lo, hi).
        into[0] += cpu[0];
        into[1] += cpu[1];
        uint64_t lo = static_cast<uint64_t>(into[2]) + static_cast<uint64_t>(cpu[2]);
        uint64_t carry = lo < static_cast<uint64_t>(cpu[2]) ? 1 : 0;
        into[3] = static_cast<int64_t>(static_cast<uint64_t>(into[3]) + static_cast<uint64_t>(cpu[3]) + carry);
        into[2] = static_cast<int64_t>(lo);
        return;
    }
    for (size_t i = 0; i < into.size(); ++i) into[i] += cpu[i];
}

}  // namespace

std::vector<AggRow> snapshot_aggregations(kernel::Map& map, const codegen::ProgramSet& ps, bool percpu) {
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
            std::vector<int64_t> cv(n);
            std::memcpy(cv.data(), values.data() + cpu * stride, n * 8);
            decode_cpu(d.func, cv);
            merge_cpu(d.func, row.value, cv, first);
            // A CPU that never updated a min()/max() shows the extreme, as DTrace shows it.
            if (percpu) row.percpu.push_back(std::move(cv));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void clear_aggregation(kernel::Map& map, const codegen::ProgramSet& ps, uint32_t id) {
    std::vector<std::byte> zeros(map.value_buffer_size());
    for (const AggRow& r : snapshot_aggregations(map, ps)) {
        if (r.agg != id) continue;
        (void)map.update(std::as_bytes(std::span(r.key)), zeros);
    }
}

std::vector<std::vector<uint8_t>> trunc_aggregation(kernel::Map& map, const codegen::ProgramSet& ps,
                                                    uint32_t id, int64_t keep) {
    std::vector<std::vector<uint8_t>> removed;
    if (id == 0 || id > ps.aggregations.size()) return removed;
    const codegen::AggDesc& d = ps.aggregations[id - 1];
    auto rows = snapshot_aggregations(map, ps);
    std::vector<const AggRow*> mine;
    for (const auto& r : rows)
        if (r.agg == id) mine.push_back(&r);
    // By value, then key, whatever the sort options say (DTrace's trunc() walks by value).
    std::sort(mine.begin(), mine.end(), [&](const AggRow* a, const AggRow* b) {
        int c = compare_values(*a, *b, d);
        return c != 0 ? c < 0 : compare_keys(*a, *b, d, 0) < 0;
    });
    size_t n = mine.size();
    size_t k = static_cast<size_t>(keep < 0 ? -keep : keep);
    for (size_t i = 0; i < n; ++i) {
        bool kept = keep > 0 ? i + k >= n : keep < 0 ? i < k : false;
        if (kept) continue;
        (void)map.remove(std::as_bytes(std::span(mine[i]->key)));
        removed.push_back(mine[i]->key);
    }
    return removed;
}

}  // namespace bdtrace::runtime
