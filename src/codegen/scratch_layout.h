// The per-CPU scratch value's layout: where each area of one probe firing's working memory
// sits. Computed once from the program's needs (scratch_layout()), used by codegen through
// Gen::layout, and kept in the program set so that the runtime reads the same layout (the drop
// counters, the scratch map's value size).
#pragma once

#include <cstdint>

#include "codegen/abi.h"

namespace bdtrace::codegen {

// What the program needs of its scratch value: the sizes that decide the layout.
struct ScratchNeeds {
    uint32_t vars_size = 0;       // this-> variables' bytes (sema's clause_vars_size)
    uint32_t strsize = 257;       // a string buffer's bytes (D's strsize and a NUL)
    uint32_t agg_key_size = 8;    // the largest aggregation key
    uint32_t agg_value_size = 8;  // the largest keyed aggregation value
    uint32_t dyn_key_size = 16;   // the largest dynamic variable key
    uint32_t dyn_value_size = 8;  // the largest dynamic variable value
    uint32_t scratchsize = 256;   // -x scratchsize: alloca()/copyin() memory a clause may use
};

// The kernel's limit on a per-CPU map value (PCPU_MIN_UNIT_SIZE).
inline constexpr uint32_t kMaxScratchValue = 32768;

struct ScratchLayout {
    // Sizes of the fixed areas.
    static constexpr uint32_t kMaxRecord = 8192;  // the record buffer
    // One fault record for clauses, one for ERROR clauses.
    static constexpr uint32_t kFaultRecordSpace = 64;
    static constexpr uint32_t kStringTemps = 8;  // string temporaries of strsize bytes
    // One kernel stack (perf_event_max_stack frames).
    static constexpr uint32_t kStackBytes = 127 * 8;

    // The fixed header (abi.h): the probe id, arguments, registers, the per-CPU drop counters.
    uint32_t drops = abi::kScratchDrops;         // records the ring buffer had no room for
    uint32_t agg_drops = abi::kScratchAggDrops;  // aggregation updates the map had no room for
    uint32_t dyn_drops = abi::kScratchDynDrops;  // dynamic variable stores the map had no room for
    uint32_t vars = abi::kScratchVars;           // this-> variables
    // The areas after the this-> variables, in this order.
    uint32_t record = 0;     // the record buffer (kMaxRecord)
    uint32_t fault = 0;      // the fault records (2 * kFaultRecordSpace)
    uint32_t temps = 0;      // string temporaries (kStringTemps * strsize)
    uint32_t stack = 0;      // room for one kernel stack (kStackBytes)
    uint32_t agg_key = 0;    // the aggregation key being built
    uint32_t agg_zero = 0;   // zeros: the first value of a new aggregation entry
    uint32_t dyn_key = 0;    // the dynamic variable key being built
    uint32_t dyn_value = 0;  // a dynamic variable value being stored
    uint32_t dyn_zero = 0;   // zeros: the value of an element never assigned
    uint32_t end = 0;        // the end of the areas every program has
    // alloca() and copyin() memory (gen_subr_memory.cpp), 8-aligned after the rest: 8 bytes
    // counting what the clause has allocated, then 2 * scratchsize bytes, so that any offset
    // below scratchsize plus any length up to scratchsize stays inside the map value where the
    // verifier can see it. Present only when some clause allocates (`alloca`).
    uint32_t alloca_area = 0;
    uint32_t scratchsize = 256;  // -x scratchsize, rounded up to 8
    bool alloca = false;         // some clause allocates: the value holds the alloca area
    uint32_t alloca_end() const { return alloca_area + 8 + 2 * scratchsize; }

    // The scratch map's value size.
    uint32_t size() const { return alloca ? alloca_end() : end; }
    // The largest scratchsize whose alloca area fits in kMaxScratchValue (0: none does).
    uint32_t max_scratchsize() const {
        return alloca_area + 8 < kMaxScratchValue ? (kMaxScratchValue - alloca_area - 8) / 2 / 8 * 8
                                                  : 0;
    }
};

// The layout for a program's needs: the areas one after another, each 8-aligned.
ScratchLayout scratch_layout(const ScratchNeeds& needs);

}  // namespace bdtrace::codegen
