// The scratch value's layout (codegen/scratch_layout.h): one value, computed once, that codegen
// lowers against and the runtime reads. Its areas follow one another without overlap, 8-aligned,
// after the fixed header; the alloca area keeps 2 * scratchsize bytes of guard room; the program
// set holds the layout its scratch map was sized from.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "codegen/abi.h"
#include "codegen/scratch_layout.h"
#include "compile_helpers.h"

using namespace bdtrace;
using codegen::ScratchLayout;

namespace {

// The areas of a layout as [begin, end) ranges, in address order.
std::vector<std::pair<uint32_t, uint32_t>> areas(const ScratchLayout& l,
                                                 const codegen::ScratchNeeds& n) {
    std::vector<std::pair<uint32_t, uint32_t>> a = {
        {l.vars, l.vars + n.vars_size},
        {l.record, l.record + ScratchLayout::kMaxRecord},
        {l.fault, l.fault + 2 * ScratchLayout::kFaultRecordSpace},
        {l.temps, l.temps + n.strsize * ScratchLayout::kStringTemps},
        {l.stack, l.stack + ScratchLayout::kStackBytes},
        {l.agg_key, l.agg_key + n.agg_key_size},
        {l.agg_zero, l.agg_zero + n.agg_value_size},
        {l.dyn_key, l.dyn_key + n.dyn_key_size},
        {l.dyn_value, l.dyn_value + n.dyn_value_size},
        {l.dyn_zero, l.dyn_zero + n.dyn_value_size},
    };
    if (l.alloca) a.push_back({l.alloca_area, l.alloca_area + 8 + 2 * l.scratchsize});
    return a;
}

void check_layout(const ScratchLayout& l, const codegen::ScratchNeeds& n) {
    auto a = areas(l, n);
    // The header's words all lie before the areas.
    for (uint32_t word : {l.drops, l.agg_drops, l.dyn_drops}) EXPECT_LE(word + 8, l.vars);
    EXPECT_EQ(l.vars, static_cast<uint32_t>(codegen::abi::kScratchVars));
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].first % 8, 0u) << "area " << i << " at " << a[i].first;
        if (i > 0) {
            EXPECT_LE(a[i - 1].second, a[i].first) << "area " << i - 1 << " overlaps area " << i;
        }
        EXPECT_LE(a[i].second, l.size()) << "area " << i << " past the value";
    }
    EXPECT_LE(a[a.size() - (l.alloca ? 2 : 1)].second, l.end);
    // alloca(): any offset below scratchsize plus any length up to scratchsize stays inside.
    EXPECT_EQ(l.scratchsize % 8, 0u);
    EXPECT_GE(l.scratchsize, n.scratchsize);
    if (l.alloca) {
        EXPECT_GE(l.alloca_area, l.end);
        EXPECT_EQ(l.size(), l.alloca_area + 8 + 2 * l.scratchsize);
    } else {
        EXPECT_EQ(l.size(), l.end);
    }
}

}  // namespace

TEST(ScratchLayout, AreasFollowOneAnotherAligned) {
    for (uint32_t strsize : {2u, 13u, 257u, 1025u}) {
        for (uint32_t vars : {0u, 4u, 40u}) {
            codegen::ScratchNeeds n;
            n.vars_size = vars;
            n.strsize = strsize;
            n.agg_key_size = 8 + 8 * ((strsize + 7) / 8);
            n.agg_value_size = 16;
            n.dyn_key_size = 24;
            n.dyn_value_size = (strsize + 1 + 7) / 8 * 8;
            n.scratchsize = 100;  // rounded up to 8
            ScratchLayout l = codegen::scratch_layout(n);
            check_layout(l, n);
            l.alloca = true;
            check_layout(l, n);
            EXPECT_EQ(l.scratchsize, 104u);
        }
    }
}

TEST(ScratchLayout, LargestScratchsizeFits) {
    codegen::ScratchNeeds n;
    ScratchLayout l = codegen::scratch_layout(n);
    l.alloca = true;
    n.scratchsize = l.max_scratchsize();
    ScratchLayout big = codegen::scratch_layout(n);
    big.alloca = true;
    EXPECT_LE(big.size(), codegen::kMaxScratchValue);
    n.scratchsize += 8;
    ScratchLayout over = codegen::scratch_layout(n);
    over.alloca = true;
    EXPECT_GT(over.size(), codegen::kMaxScratchValue);
}

namespace {

std::unique_ptr<codegen::ProgramSet> generate(const std::string& text) {
    sema::TypeTable types;
    probes::Registry registry;
    return test::compile(registry, types, text);
}

}  // namespace

// The program set carries the layout codegen lowered against; the scratch map is its size, with
// the alloca area only when a clause allocates.
TEST(ScratchLayout, ProgramSetHoldsTheLayoutItsMapWasSizedFrom) {
    auto plain = generate("BEGIN { this->x = 1; @a[\"k\"] = count(); self->v[1] = 2; }");
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->scratch.alloca);
    EXPECT_EQ(plain->maps[codegen::abi::kScratchMap].value_size, plain->scratch.size());
    EXPECT_EQ(plain->scratch.record, plain->scratch.vars + 8);
    auto alloc = generate("BEGIN { this->p = alloca(8); }");
    ASSERT_TRUE(alloc);
    EXPECT_TRUE(alloc->scratch.alloca);
    EXPECT_EQ(alloc->maps[codegen::abi::kScratchMap].value_size, alloc->scratch.size());
    EXPECT_EQ(alloc->scratch.size(), alloc->scratch.alloca_end());
}
