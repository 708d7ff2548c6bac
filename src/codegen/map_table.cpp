// The program set's maps (map_table.h): one unit per map.
#include "codegen/map_table.h"

#include <algorithm>

#include "probes/syscall_table.h"

namespace bdtrace::codegen {

namespace {

using K = MapSpec::Kind;

// A map's size when the program does not use it: one entry.
uint32_t used_or_one(bool used, uint32_t entries) {
    return used ? std::max<uint32_t>(entries, 1) : 1;
}

MapSpec state(const MapNeeds&) {
    return {abi::kStateMap, K::Array, "state", 4, sizeof(abi::State), 1, false, {}};
}

MapSpec globals(const MapNeeds& n) {
    return {
        abi::kGlobalsMap, K::Array, "globals", 4, static_cast<uint32_t>(n.globals.size()), 1, false,
        n.globals};
}

// One scratch value per program on each CPU.
MapSpec scratch(const MapNeeds& n) {
    MapSpec m{abi::kScratchMap, K::Array, "scratch", 4, n.scratch_size,
              std::max<uint32_t>(1, n.programs), false, {}};
    m.per_cpu_rows = true;
    return m;
}

MapSpec records(const MapNeeds& n) {
    return {abi::kRingbufMap, K::Ringbuf, "records", 0, 0, n.bufsize, false, {}};
}

MapSpec strings(const MapNeeds& n) {
    return {
        abi::kStringsMap, K::Array, "strings", 4, static_cast<uint32_t>(n.strings.size()), 1, true,
        n.strings};
}

// Keyed aggregations: what -x aggsize makes room for. Preallocating the default 4m took the
// kernel 0.3-0.8 s of memory accounting at every start, so a hash larger than the spill hash's
// kAggSpillEntries is allocated as keys appear, and a burst of new keys that finds the kernel's
// caches empty goes to the preallocated spill (gen_agg.cpp); the two share the bound. A smaller
// one is preallocated whole, with no spill.
MapSpec aggs(const MapNeeds& n) {
    uint32_t entries = std::max<uint32_t>(n.agg_entries, 1);
    MapSpec m{abi::kAggMap,
              K::PercpuHash,
              "aggs",
              n.agg_key_size,
              n.agg_value_size,
              n.agg_spill ? entries - abi::kAggSpillEntries : entries,
              false,
              {}};
    m.no_prealloc = n.agg_spill;
    return m;
}

// -x dynvarsize bounds the dynamic variables' entries (preallocated, as the aggregations').
MapSpec dynvars(const MapNeeds& n) {
    return {abi::kDynVarMap,
            K::Hash,
            "dynvars",
            n.dyn_key_size,
            n.dyn_value_size,
            std::max<uint32_t>(n.dyn_entries, 1),
            false,
            {}};
}

// Speculations: one slot per id (index 0 unused) and each CPU's use of it; index 0 of the
// second holds each CPU's failure and drop counts. One entry each when unused.
MapSpec specs(const MapNeeds& n) {
    return {abi::kSpecMap, K::Array, "specs", 4, abi::kSpecSlotSize, n.nspec + 1, false, {}};
}

MapSpec spec_use(const MapNeeds& n) {
    return {abi::kSpecUseMap,  K::PercpuArray, "spec_use", 4,
            abi::kSpecUseSize, n.nspec + 1,    false,      {}};
}

// The pid provider: its probe table, and the library watch's reports (one page).
MapSpec probe_table(const MapNeeds& n) {
    return {abi::kProbeTableMap,
            K::Array,
            "probe_table",
            4,
            4 * std::max<uint32_t>(n.uprobe_slots, 1),
            used_or_one(n.uprobe_slots > 0, abi::kProbeTableEntries),
            false,
            {}};
}

MapSpec notices(const MapNeeds&) {
    return {abi::kNoticeMap, K::Ringbuf, "notices", 0, 0, 4096, false, {}};
}

// A hash allocated as names are stored; its buckets are still made at creation (65536 of them
// took a syscall one-liner ~4 ms of bpf()), so a program whose probes are all known gets room
// for those alone.
MapSpec probe_names(const MapNeeds& n) {
    MapSpec m{abi::kProbeNamesMap,
              K::Hash,
              "probe_names",
              4,
              4 * n.strsize,
              used_or_one(n.probe_names,
                          n.probe_name_entries ? n.probe_name_entries : abi::kProbeTableEntries),
              false,
              {}};
    m.no_prealloc = true;
    return m;
}

MapSpec usdt_sites(const MapNeeds& n) {
    return {abi::kUsdtSiteMap,
            K::Array,
            "usdt_sites",
            4,
            sizeof(abi::UsdtSiteSpec),
            used_or_one(n.usdt, abi::kUsdtSiteEntries),
            false,
            {}};
}

// A row per system call entry and return: the probe id, then a slot per clause.
MapSpec syscalls(const MapNeeds& n) {
    return {abi::kSyscallTableMap,
            K::Array,
            "syscalls",
            4,
            4 * (1 + n.syscall_slots),
            used_or_one(n.syscall_slots > 0, 2 * probes::kMaxSyscallNr),
            false,
            {}};
}

MapSpec sdt(const MapNeeds& n) {
    return {abi::kSdtTableMap,
            K::Array,
            "sdt",
            4,
            4 * (abi::kSdtRowEpids + n.sdt_slots),
            used_or_one(n.sdt_slots > 0, abi::kProbeTableEntries),
            false,
            {}};
}

// ustack() keys unwound in BPF: the processes' mappings, every file's rows, the requests.
MapSpec unwind_pids(const MapNeeds& n) {
    MapSpec m{abi::kUnwindPidMap,
              K::Hash,
              "unwind_pids",
              4,
              sizeof(abi::UnwindProcess),
              used_or_one(n.unwind_keys, abi::kUnwindProcesses),
              false,
              {}};
    m.no_prealloc = true;
    return m;
}

MapSpec unwind_rows(const MapNeeds& n) {
    MapSpec m{abi::kUnwindRowsMap,
              K::Array,
              "unwind_rows",
              4,
              sizeof(abi::UnwindRow),
              used_or_one(n.unwind_keys, abi::kUnwindRows),
              false,
              {}};
    m.mmapable = true;
    return m;
}

MapSpec unwind_wait(const MapNeeds& n) {
    return {abi::kUnwindPendingMap,
            K::Hash,
            "unwind_wait",
            4,
            8,
            used_or_one(n.unwind_keys, abi::kUnwindProcesses),
            false,
            {}};
}

// A ring buffer's smallest size is a page: what an unused one keeps.
MapSpec unwind_notes(const MapNeeds& n) {
    uint32_t bytes = n.unwind_keys ? 16384u : 4096u;
    return {abi::kUnwindNoticeMap, K::Ringbuf, "unwind_notes", 0, 0, bytes, false, {}};
}

MapSpec vtime(const MapNeeds&) {
    return {abi::kVtimeMap, K::PercpuArray, "vtime", 4, abi::kVtimeSize, 1, false, {}};
}

MapSpec machinery(const MapNeeds& n) {
    return {abi::kMachineryMap,
            K::Hash,
            "machinery",
            8,
            4,
            used_or_one(n.machinery, abi::kMachineryEntries),
            false,
            {}};
}

// Aggregations without keys: one slot each of a per-CPU array, whose lookup the verifier
// inlines (no hashing, nothing to allocate).
MapSpec agg_array(const MapNeeds& n) {
    return {abi::kAggArrayMap,
            K::PercpuArray,
            "agg_array",
            4,
            n.agg_array_value_size,
            std::max<uint32_t>(n.agg_array_slots, 1),
            false,
            {}};
}

MapSpec agg_spill(const MapNeeds& n) {
    return {abi::kAggSpillMap,
            K::PercpuHash,
            "agg_spill",
            n.agg_key_size,
            n.agg_value_size,
            n.agg_spill ? abi::kAggSpillEntries : 1,
            false,
            {}};
}

// The units, in the order the maps are created.
constexpr MapSpec (*kUnits[])(const MapNeeds&) = {
    state,        globals,  scratch,   records,     strings,     aggs,
    dynvars,      specs,    spec_use,  probe_table, notices,     probe_names,
    usdt_sites,   syscalls, sdt,       unwind_pids, unwind_rows, unwind_wait,
    unwind_notes, vtime,    machinery, agg_array,   agg_spill,
};
static_assert(std::size(kUnits) == abi::kMapCount, "one unit per abi::MapId");

}  // namespace

std::vector<MapSpec> map_table(const MapNeeds& n) {
    std::vector<MapSpec> maps;
    for (auto unit : kUnits) maps.push_back(unit(n));
    return maps;
}

}  // namespace bdtrace::codegen
