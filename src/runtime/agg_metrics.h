// Aggregations as Prometheus metric families (-x prometheus): what each aggregating function
// becomes, the metric and label names, and the consumer's own counters. The text itself is
// output/prometheus.h's.
//
//   @name = count() / sum()            counter  dtrace_<name>_total
//   @name = min() / max() / avg() /    gauge    dtrace_<name>  (avg and stddev exact, not
//           stddev()                                             truncated as DTrace prints them)
//   @name = quantize() / lquantize() / histogram dtrace_<name>_bucket{le=...}, _sum, _count
//           llquantize()
//
// The anonymous aggregation (@, which D calls @_) is dtrace_aggregation. Keys are labels key0, key1, ... unless
// -x promlabels names them ("@name=label,label"; the '@' may be left out). Values are the raw
// aggregated data: normalize() and aggpercpu change what DTrace prints, not what is exported.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "codegen/program_set.h"
#include "output/printf_render.h"
#include "output/prometheus.h"
#include "runtime/aggregations.h"

namespace bdtrace::runtime {

// Label names by aggregation name ("@name").
using MetricLabels = std::map<std::string, std::vector<std::string>>;

// Reads the -x promlabels settings against the program's aggregations and checks that every
// metric name is valid and used once (an aggregation must not take a name the consumer's own
// counters or another aggregation's series have). Nullopt with `error` set (a sentence, without
// the "could not enable tracing" prefix) when something is wrong.
std::optional<MetricLabels> metric_labels(const codegen::ProgramSet& ps, const std::vector<std::string>& promlabels,
                                          std::string* error);

// The consumer's counters since tracing started.
struct ConsumerCounters {
    std::vector<uint64_t> drops;              // by CPU: the ring buffer was full
    std::vector<uint64_t> aggregation_drops;  // by CPU: the aggregation map was full
    uint64_t dynvar_drops = 0;                // the dynamic variable map was full
    uint64_t nested_drops = 0;                // firings the kernel skipped (recursion)
};

// One family per aggregation of the program, in id order (even one without entries: its
// HELP and TYPE lines say the name exists), each entry a sample in key order; then the
// consumer's counters (dtrace_drops_total and friends).
std::vector<output::PromFamily> metric_families(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                                const MetricLabels& labels, const ConsumerCounters& counters,
                                                const output::FormatContext& ctx);

}  // namespace bdtrace::runtime
