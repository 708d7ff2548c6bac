// Aggregation rows whose ufunc()/usym()/umod() keys are moved to the function's or module's start
// and merged, as DTrace's consumer does before it sorts, and whose ustack() keys become the
// stacks their samples unwound to (agg_user_keys.cpp).
#pragma once

#include <vector>

#include "codegen/program_set.h"
#include "output/printf_render.h"
#include "runtime/aggregations.h"

namespace bdtrace::runtime {

// `rows` itself when no aggregation has such keys, else `holder` filled with the merged rows.
const std::vector<AggRow>& merge_user_keys(const std::vector<AggRow>& rows, const codegen::ProgramSet& ps,
                                           const output::FormatContext& ctx, std::vector<AggRow>& holder);

}  // namespace bdtrace::runtime
