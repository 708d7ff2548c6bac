// DTrace's ordering of aggregation entries: by value as each aggregating function defines it,
// by key element by element. Both return <0, 0, >0 for ascending order.
#pragma once

#include <cstdint>

#include "codegen/program_set.h"
#include "runtime/aggregations.h"

namespace bdtrace::runtime {

// Values: count/sum/min/max signed; avg() by its integer mean; stddev() by its result;
// histograms by the sum of bucket value × count, ties by the count at zero.
int compare_values(const AggRow& a, const AggRow& b, const codegen::AggDesc& d);

// Keys: element by element starting at `keypos` (aggsortkeypos; 0 when out of range) and
// wrapping around; integers unsigned at their size, strings and stacks byte by byte.
int compare_keys(const AggRow& a, const AggRow& b, const codegen::AggDesc& d, int64_t keypos);

}  // namespace bdtrace::runtime
