// Reading and changing the aggregation map: every entry with its CPUs' values merged, clear()
// and trunc().
#include <cstdint>
#include <cstring>
#include <map>

#include "codegen/abi.h"
#include "runtime/agg_sort.h"
#include "runtime/aggregations.h"

namespace bdtrace::runtime {

using sema::AggFunc;

namespace {

// Folds one CPU's value into the merged one.
// `updated`: the CPU is known to have updated the entry (the array's flag word); otherwise a
// zero min()/max() is taken as a CPU that never did.
void merge_cpu(AggFunc func, std::vector<int64_t>& into, const std::vector<int64_t>& cpu, bool& first,
               bool updated = false) {
    if (func == AggFunc::Min || func == AggFunc::Max) {
        // A CPU that never saw the entry holds zeros, not an extreme: skip it.
        bool untouched = !updated && cpu[0] == 0;
        if (untouched && !first) return;
        if (first || (func == AggFunc::Min ? cpu[0] < into[0] : cpu[0] > into[0])) into[0] = cpu[0];
        if (!untouched) first = false;
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

// The entries of the aggregations without keys: each one's slot of the per-CPU array, present
// when a CPU has updated it (its flag word), merged over those CPUs.
void snapshot_unkeyed(kernel::Map& array, const codegen::ProgramSet& ps, bool percpu, std::vector<AggRow>& rows) {
    std::vector<std::byte> values(array.value_buffer_size());
    for (const codegen::AggDesc& d : ps.aggregations) {
        if (d.array_slot < 0) continue;
        uint32_t slot = static_cast<uint32_t>(d.array_slot);
        auto found = array.lookup(kernel::bytes_of(slot), values);
        if (!found || !*found) continue;
        size_t stride = array.percpu_stride();
        size_t ncpu = values.size() / stride;
        size_t n = d.value_size / 8;
        AggRow row;
        row.agg = d.id;
        row.key.assign(ps.agg_key_size, 0);
        std::memcpy(row.key.data(), &d.id, 4);
        row.value.assign(n, 0);
        bool first = true, any = false;
        for (size_t cpu = 0; cpu < ncpu; ++cpu) {
            const std::byte* at = values.data() + cpu * stride;
            uint64_t flag;
            std::memcpy(&flag, at, 8);
            std::vector<int64_t> cv(n, 0);
            if (flag) {
                any = true;
                std::memcpy(cv.data(), at + codegen::abi::kAggArrayData, n * 8);
                merge_cpu(d.func, row.value, cv, first, true);
            } else if (d.func == AggFunc::Min || d.func == AggFunc::Max) {
                // A CPU that never updated min()/max() holds its starting extreme, which is
                // what DTrace shows for it with -x aggpercpu.
                cv[0] = d.func == AggFunc::Min ? INT64_MAX : INT64_MIN;
            }
            if (percpu) row.percpu.push_back(std::move(cv));
        }
        if (any) rows.push_back(std::move(row));
    }
}

// Folds the spill hash's value of a key into the main hash's, CPU by CPU: the key's data on
// one CPU may be split between the two (a burst spilled it, a later firing created it in the
// main hash). min()/max() take a zero as a side that never saw the key.
void combine_sides(AggFunc func, std::vector<int64_t>& into, const std::vector<int64_t>& other) {
    if (func == AggFunc::Min || func == AggFunc::Max) {
        if (other[0] == 0) return;
        if (into[0] == 0 || (func == AggFunc::Min ? other[0] < into[0] : other[0] > into[0])) into[0] = other[0];
        return;
    }
    bool first = false;
    merge_cpu(func, into, other, first);
}

// Every entry of one keyed hash, by key: each CPU's value.
void read_keyed(kernel::Map& map, const codegen::ProgramSet& ps,
                std::map<std::vector<uint8_t>, std::vector<std::vector<int64_t>>>& out) {
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
        size_t n = d.value_size / 8;
        size_t stride = map.percpu_stride();
        size_t ncpu = values.size() / stride;
        std::vector<uint8_t> k(key.size());
        std::memcpy(k.data(), key.data(), key.size());
        auto [it, fresh] = out.try_emplace(std::move(k));
        if (fresh) it->second.assign(ncpu, std::vector<int64_t>(n, 0));
        for (size_t cpu = 0; cpu < ncpu && cpu < it->second.size(); ++cpu) {
            std::vector<int64_t> cv(n);
            std::memcpy(cv.data(), values.data() + cpu * stride, n * 8);
            if (fresh) it->second[cpu] = std::move(cv);
            else combine_sides(d.func, it->second[cpu], cv);
        }
    }
}

// Rewrites every CPU's part of an aggregation's array slot: clear() zeroes the value and keeps
// the flag (the entry stays, as a cleared hash entry does); trunc() zeroes both (gone).
void reset_unkeyed(kernel::Map& array, const codegen::AggDesc& d, bool keep_flag) {
    std::vector<std::byte> values(array.value_buffer_size());
    uint32_t slot = static_cast<uint32_t>(d.array_slot);
    auto found = array.lookup(kernel::bytes_of(slot), values);
    if (!found || !*found) return;
    size_t stride = array.percpu_stride();
    for (size_t at = 0; at + stride <= values.size(); at += stride) {
        size_t from = keep_flag ? codegen::abi::kAggArrayData : 0;
        std::memset(values.data() + at + from, 0, stride - from);
    }
    (void)array.update(kernel::bytes_of(slot), values);
}

}  // namespace

std::vector<AggRow> snapshot_aggregations(const AggMaps& maps, const codegen::ProgramSet& ps, bool percpu) {
    std::vector<AggRow> rows;
    snapshot_unkeyed(maps.array, ps, percpu, rows);
    std::map<std::vector<uint8_t>, std::vector<std::vector<int64_t>>> keyed;
    read_keyed(maps.hash, ps, keyed);
    if (ps.agg_spill) read_keyed(maps.spill, ps, keyed);
    for (auto& [key, cpus] : keyed) {
        AggRow row;
        std::memcpy(&row.agg, key.data(), 4);
        const codegen::AggDesc& d = ps.aggregations[row.agg - 1];
        row.key = key;
        row.value.assign(d.value_size / 8, 0);
        bool first = true;
        for (auto& cv : cpus) {
            merge_cpu(d.func, row.value, cv, first);
            // A CPU of a keyed min()/max() that never updated the key reads zero: the per-CPU
            // hash cannot tell it from a real zero, so it is shown as read.
            if (percpu) row.percpu.push_back(std::move(cv));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

void clear_aggregation(const AggMaps& maps, const codegen::ProgramSet& ps, uint32_t id) {
    if (id == 0 || id > ps.aggregations.size()) return;
    if (ps.aggregations[id - 1].array_slot >= 0) return reset_unkeyed(maps.array, ps.aggregations[id - 1], true);
    std::vector<std::byte> zeros(maps.hash.value_buffer_size());
    for (const AggRow& r : snapshot_aggregations(maps, ps)) {
        if (r.agg != id) continue;
        // Zeroed where the key is: the main hash, the spill, or both.
        (void)maps.hash.update(std::as_bytes(std::span(r.key)), zeros, kernel::UpdateMode::Exist);
        if (ps.agg_spill) (void)maps.spill.update(std::as_bytes(std::span(r.key)), zeros, kernel::UpdateMode::Exist);
    }
}

std::vector<std::vector<uint8_t>> trunc_aggregation(const AggMaps& maps, const codegen::ProgramSet& ps, uint32_t id,
                                                    int64_t keep) {
    std::vector<std::vector<uint8_t>> removed;
    if (id == 0 || id > ps.aggregations.size()) return removed;
    const codegen::AggDesc& d = ps.aggregations[id - 1];
    auto rows = snapshot_aggregations(maps, ps);
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
        if (d.array_slot >= 0) {
            reset_unkeyed(maps.array, d, false);
        } else {
            (void)maps.hash.remove(std::as_bytes(std::span(mine[i]->key)));
            if (ps.agg_spill) (void)maps.spill.remove(std::as_bytes(std::span(mine[i]->key)));
        }
        removed.push_back(mine[i]->key);
    }
    return removed;
}

}  // namespace bdtrace::runtime
