// Aggregations on the consumer side: the per-CPU entries read from the map and merged, sorted
// as DTrace sorts them, and printed in DTrace's default format.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "codegen/program_set.h"
#include "kernel/kernel.h"
#include "output/printf_render.h"

namespace bdtrace::runtime {

// One aggregation entry with the CPUs' values merged.
struct AggRow {
    uint32_t agg = 0;               // AggDesc id
    std::vector<uint8_t> key;       // the map key (id, then the key tuple)
    std::vector<int64_t> value;     // merged: count/sum/min/max: [v]; avg: [count, sum]; buckets
};

// Reads every entry of the aggregation map and merges the per-CPU values.
std::vector<AggRow> snapshot_aggregations(kernel::Map& map, const codegen::ProgramSet& ps);

// clear(): every value of aggregation `id` back to zero. trunc(): remove its entries but the
// `keep` largest (keep < 0: the -keep smallest).
void clear_aggregation(kernel::Map& map, const codegen::ProgramSet& ps, uint32_t id);
void trunc_aggregation(kernel::Map& map, const codegen::ProgramSet& ps, uint32_t id, int64_t keep);

// DTrace's printing at exit: every aggregation in order (but those in `skip`), rows sorted by
// value then key.
std::string format_aggregations(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                const std::set<uint32_t>& skip = {});

// printa(format, @a): each row through the format; the keys are its arguments and %@ the value.
std::string format_aggregation_rows(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                    const output::CompiledFormat& format,
                                    const output::FormatContext& ctx);

}  // namespace bdtrace::runtime
