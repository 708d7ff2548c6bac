// The BPF maps a program set needs, built in one place: map_table() makes each map of
// abi::MapId from the program's needs (its name, type, key and value sizes, entries and flags),
// one small unit per map; the runtime creates the maps from the list (runtime/session.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/program_set.h"

namespace bdtrace::codegen {

// What decides the maps' shapes: sizes the code generator worked out, and the options.
struct MapNeeds {
    std::vector<uint8_t> globals;  // the global D variables' initial bytes
    uint32_t scratch_size = 0;     // ScratchLayout::size()
    uint32_t programs = 0;         // each program has its own scratch value
    uint32_t bufsize = 0;          // -b: the record ring buffer's bytes
    std::vector<uint8_t> strings;  // the string constants
    uint32_t strsize = 256;
    // Aggregations: the keyed ones' key and value, the entries -x aggsize allows (0 without
    // keyed aggregations), whether a spill hash takes bursts, the unkeyed ones' array.
    uint32_t agg_key_size = 8, agg_value_size = 8, agg_entries = 0;
    bool agg_spill = false;
    uint32_t agg_array_value_size = 8, agg_array_slots = 0;
    // Dynamic variables: the largest key and value, the entries -x dynvarsize allows (0: none).
    uint32_t dyn_key_size = 16, dyn_value_size = 8, dyn_entries = 0;
    uint32_t nspec = 0;          // speculation ids (0: no speculations)
    uint32_t uprobe_slots = 0;   // the pid provider's clause slots (ProgramSet::uprobe_clauses)
    bool probe_names = false;    // the pid programs read probeprov & co.
    // The probes whose names kProbeNamesMap holds when all are known at compile time (no pid or
    // USDT clause, whose probes may appear while tracing); 0: the probe table's bound.
    uint32_t probe_name_entries = 0;
    bool usdt = false;           // a USDT program reads its sites' argument specs
    uint32_t syscall_slots = 0;  // ProgramSet::syscall_clauses
    uint32_t sdt_slots = 0;      // ProgramSet::sdt_clauses
    bool unwind_keys = false;    // ustack() keys unwound in BPF
    bool machinery = false;      // kernel stacks skip the tracing machinery
};

// Every map of abi::MapId, once, in the order the runtime creates them.
std::vector<MapSpec> map_table(const MapNeeds& n);

}  // namespace bdtrace::codegen
