// The scratch value's layout (scratch_layout.h).
#include "codegen/scratch_layout.h"

namespace bdtrace::codegen {

namespace {
constexpr uint32_t align8(uint32_t n) {
    return (n + 7) / 8 * 8;
}
}  // namespace

ScratchLayout scratch_layout(const ScratchNeeds& needs) {
    ScratchLayout l;
    l.record = l.vars + align8(needs.vars_size);
    l.fault = l.record + ScratchLayout::kMaxRecord;
    l.temps = l.fault + 2 * ScratchLayout::kFaultRecordSpace;
    l.stack = l.temps + align8(needs.strsize * ScratchLayout::kStringTemps);
    l.agg_key = l.stack + ScratchLayout::kStackBytes;
    l.agg_zero = l.agg_key + align8(needs.agg_key_size);
    l.dyn_key = l.agg_zero + align8(needs.agg_value_size);
    l.dyn_value = l.dyn_key + align8(needs.dyn_key_size);
    l.dyn_zero = l.dyn_value + align8(needs.dyn_value_size);
    l.end = l.dyn_zero + align8(needs.dyn_value_size);
    l.alloca_area = align8(l.end);
    l.scratchsize = align8(needs.scratchsize);
    return l;
}

}  // namespace bdtrace::codegen
