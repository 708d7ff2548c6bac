// The map table (codegen/map_table.h): every abi::MapId gets exactly one map, built from the
// program's needs, and an unused map keeps one entry.
#include <gtest/gtest.h>

#include <vector>

#include "codegen/abi.h"
#include "codegen/map_table.h"

using namespace bdtrace;

TEST(MapTable, EveryMapIdOnce) {
    codegen::MapNeeds n;
    n.globals.assign(8, 0);
    n.strings.assign(257, 0);
    n.bufsize = 1 << 16;
    auto maps = codegen::map_table(n);
    ASSERT_EQ(maps.size(), static_cast<size_t>(codegen::abi::kMapCount));
    std::vector<int> seen(codegen::abi::kMapCount, 0);
    for (const auto& m : maps) {
        ASSERT_LT(m.id, codegen::abi::kMapCount);
        ++seen[m.id];
        EXPECT_GE(m.max_entries, 1u) << m.name;
        EXPECT_FALSE(m.name.empty());
    }
    for (uint32_t id = 0; id < codegen::abi::kMapCount; ++id)
        EXPECT_EQ(seen[id], 1) << "map id " << id;
}

TEST(MapTable, SizesComeFromTheNeeds) {
    codegen::MapNeeds n;
    n.globals.assign(24, 0);
    n.strings.assign(257, 0);
    n.scratch_size = 12345;
    n.programs = 3;
    n.agg_key_size = 40;
    n.agg_value_size = 16;
    n.agg_entries = 5000;
    n.agg_spill = true;
    n.uprobe_slots = 2;
    auto maps = codegen::map_table(n);
    auto find = [&](codegen::abi::MapId id) -> const codegen::MapSpec& {
        for (const auto& m : maps)
            if (m.id == id) return m;
        return maps.front();
    };
    EXPECT_EQ(find(codegen::abi::kScratchMap).value_size, 12345u);
    EXPECT_EQ(find(codegen::abi::kScratchMap).max_entries, 3u);
    // A plain array of rows per CPU, not a per-CPU map (bench/floor_parts.py: ~90 ns a firing).
    EXPECT_EQ(find(codegen::abi::kScratchMap).kind, codegen::MapSpec::Kind::Array);
    EXPECT_TRUE(find(codegen::abi::kScratchMap).per_cpu_rows);
    EXPECT_EQ(find(codegen::abi::kGlobalsMap).value_size, 24u);
    EXPECT_EQ(find(codegen::abi::kAggMap).key_size, 40u);
    EXPECT_EQ(find(codegen::abi::kAggMap).max_entries, 5000u - codegen::abi::kAggSpillEntries);
    EXPECT_TRUE(find(codegen::abi::kAggMap).no_prealloc);
    EXPECT_EQ(find(codegen::abi::kAggSpillMap).max_entries, codegen::abi::kAggSpillEntries);
    EXPECT_EQ(find(codegen::abi::kProbeTableMap).value_size, 8u);
    EXPECT_EQ(find(codegen::abi::kProbeTableMap).max_entries, codegen::abi::kProbeTableEntries);
    EXPECT_EQ(find(codegen::abi::kSyscallTableMap).max_entries, 1u);  // unused: one entry
}

// The probe names' hash has room for the program's probes when all are known at compile time,
// and for the probe table's bound when pid probes may appear while tracing.
TEST(MapTable, ProbeNamesSizedByTheKnownProbes) {
    codegen::MapNeeds n;
    n.globals.assign(8, 0);
    n.strings.assign(257, 0);
    n.probe_names = true;
    auto entries = [&] {
        for (const auto& m : codegen::map_table(n))
            if (m.id == codegen::abi::kProbeNamesMap) return m.max_entries;
        return 0u;
    };
    n.probe_name_entries = 10;
    EXPECT_EQ(entries(), 10u);
    n.probe_name_entries = 0;
    EXPECT_EQ(entries(), codegen::abi::kProbeTableEntries);
    n.probe_names = false;
    EXPECT_EQ(entries(), 1u);
}
