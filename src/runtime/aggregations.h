// Aggregations on the consumer side: the per-CPU entries read from the map and merged
// (agg_snapshot.cpp), ordered as DTrace orders them (agg_sort.cpp), and printed at exit or by
// printa() in DTrace's formats (aggregations.cpp).
#pragma once

#include <cstdint>
#include <map>
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
    std::vector<std::vector<int64_t>> percpu;  // -x aggpercpu: each CPU's own value
};

// The dynamic options that decide how aggregations are ordered and drawn (-x, #pragma, setopt).
struct AggPrintOptions {
    bool sortkey = false;     // aggsortkey: by key, then value
    bool sortrev = false;     // aggsortrev: everything reversed
    int64_t sortkeypos = 0;   // aggsortkeypos: the key element compared first
    int64_t sortpos = 0;      // aggsortpos: the aggregation of a joined printa() sorted on
    bool zoom = false;        // aggzoom: histogram bars scaled to the largest bucket
    bool pack = false;        // aggpack: histograms on one line per key
    bool utf8 = false;        // aggpack's cells: UTF-8 blocks (-x encoding, else by $TERM)
    bool percpu = false;      // aggpercpu: each CPU's value after the merged one
    bool json = false;        // oformat=json: aggregations as JSON lines
};

// normalize(): the divisor of each entry, by its key as printed (agg_user_keys.h). Entries
// created after a normalize() are not normalized, as in DTrace, where the divisor belongs to the
// entries that existed.
using AggNormals = std::map<std::vector<uint8_t>, uint64_t>;

// The maps aggregations live in: the keyed ones' hash (abi::kAggMap) and its spill
// (abi::kAggSpillMap: entries a burst of new keys put there, read with it), and the per-CPU
// array of those without keys (abi::kAggArrayMap).
struct AggMaps {
    kernel::Map& hash;
    kernel::Map& array;
    kernel::Map& spill;
};

// Reads every aggregation entry and merges the per-CPU values (keeping each CPU's too when
// `percpu`). An entry without keys has the key {id, 0} padded with zeros.
std::vector<AggRow> snapshot_aggregations(const AggMaps& maps, const codegen::ProgramSet& ps, bool percpu = false);

// clear(): every value of aggregation `id` back to zero. trunc(): remove its entries but the
// `keep` largest (keep < 0: the -keep smallest); returns the keys removed.
void clear_aggregation(const AggMaps& maps, const codegen::ProgramSet& ps, uint32_t id);
std::vector<std::vector<uint8_t>> trunc_aggregation(const AggMaps& maps, const codegen::ProgramSet& ps, uint32_t id,
                                                    int64_t keep);

// DTrace's printing at exit: every aggregation but those in `skip`, all rows sorted together
// (aggregation, then value, then key, or as the options say).
std::string format_aggregations(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                const AggPrintOptions& opts = {}, const AggNormals& normals = {},
                                const std::set<uint32_t>& skip = {},
                                const output::FormatContext& ctx = {});

// printa([format, ] @a[, @b ...]). Several aggregations are joined on their keys (a key missing
// from one shows its zero value). Without a format each row is the keys and every value; with
// one the keys are its arguments and the Nth %@ the Nth aggregation's value. `printed` tells
// whether any row was printed (DTrace then no longer prints these aggregations at exit).
std::string format_printa(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                          const std::vector<uint32_t>& aggs, const formats::CompiledFormat* format,
                          const output::FormatContext& ctx, const AggPrintOptions& opts,
                          const AggNormals& normals, bool* printed);

// The key of an entry as values (strings, integers, symbolised stacks and symbols), as the
// printing functions see it; for consumers other than DTrace's text (agg_metrics.h, the API).
std::vector<output::Value> agg_key_values(const AggRow& row, const codegen::AggDesc& d,
                                          const output::FormatContext& ctx);

// -x oformat=json: one line per aggregation (of `aggs`, or every one not in `skip` when `aggs`
// is empty) with its rows in the order the text would print them.
std::string json_aggregations(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                              const std::vector<uint32_t>& aggs, const AggPrintOptions& opts,
                              const AggNormals& normals, const std::set<uint32_t>& skip,
                              const output::FormatContext& ctx);

}  // namespace bdtrace::runtime
