// ustack() aggregation keys unwound from their samples: a sample record is parsed and unwound
// once per key (the first sample wins), and the printed rows carry the unwound stacks, merged
// when two keys unwind alike.
#include <gtest/gtest.h>

#include <cstring>

#include "codegen/abi.h"
#include "codegen/program_set.h"
#include "runtime/agg_user_keys.h"
#include "runtime/ustack_samples.h"

using namespace bdtrace;

namespace {

void put(std::vector<uint8_t>& v, uint64_t w) {
    size_t at = v.size();
    v.resize(at + 8);
    std::memcpy(v.data() + at, &w, 8);
}

// One aggregation, count(), keyed by ustack(4) (after an int key when `int_first`).
codegen::ProgramSet program(bool int_first = false) {
    codegen::ProgramSet ps;
    codegen::AggDesc d;
    d.id = 1;
    d.func = sema::AggFunc::Count;
    d.value_size = 8;
    uint32_t off = 8;
    if (int_first) {
        codegen::Field i;
        i.offset = off;
        i.size = 8;
        d.keys.push_back(i);
        off += 8;
    }
    codegen::Field k;
    k.kind = codegen::Field::Kind::UStack;
    k.offset = off;
    k.frames = 4;
    k.size = 16 + 8 * 4;
    d.keys.push_back(k);
    ps.aggregations.push_back(d);
    return ps;
}

// Appends bytes with resize + memcpy: GCC 12 at -O3 reports a false -Warray-bounds error on
// vector<uint8_t>::insert of a range after a small vector (a CI build failed on it).
void append(std::vector<uint8_t>& to, const std::vector<uint8_t>& from) {
    size_t at = to.size();
    to.resize(at + from.size());
    if (!from.empty()) std::memcpy(to.data() + at, from.data(), from.size());
}

// The key element as the map holds it: pid 7, then the frame-pointer walk's PCs.
std::vector<uint8_t> datum(std::initializer_list<uint64_t> pcs) {
    std::vector<uint8_t> d;
    put(d, 7);
    put(d, 8 * pcs.size());
    for (uint64_t pc : pcs) put(d, pc);
    for (size_t i = pcs.size(); i < 4; ++i) put(d, 0);
    return d;
}

// A sample record of key element `index` of aggregation `agg` fired at `ip`.
std::vector<uint8_t> sample(uint32_t agg, uint32_t index, const std::vector<uint8_t>& key_datum, uint64_t ip) {
    std::vector<uint8_t> r(codegen::abi::kUstackSampleDatum, 0);
    uint32_t epid = codegen::abi::kUstackSampleEpid;
    std::memcpy(r.data(), &epid, 4);
    std::memcpy(r.data() + 16, &agg, 4);
    std::memcpy(r.data() + 20, &index, 4);
    append(r, key_datum);
    put(r, ip);
    put(r, 0x7000);  // sp
    put(r, 0);       // bp
    put(r, 64);      // stack bytes
    r.resize(r.size() + 64, 0);
    return r;
}

// An unwinder that finds ip, then 0xa00 + ip, 0xb00, 0xc00 and the outermost frame.
output::FormatContext unwinder(int* calls) {
    output::FormatContext ctx;
    ctx.user_unwind = [calls](uint64_t pid, uint64_t ip, uint64_t sp, uint64_t, std::span<const uint8_t> stack,
                              size_t max) {
        ++*calls;
        EXPECT_EQ(pid, 7u);
        EXPECT_EQ(sp, 0x7000u);
        EXPECT_EQ(stack.size(), 64u);
        std::vector<uint64_t> pcs = {ip, 0xa00 + ip, 0xb00, 0xc00, 0xd00};
        pcs.resize(std::min(pcs.size(), max));
        return std::make_pair(pcs, true);
    };
    return ctx;
}

runtime::AggRow row(const std::vector<uint8_t>& prefix, const std::vector<uint8_t>& d, int64_t n) {
    runtime::AggRow r;
    r.agg = 1;
    r.key = {1, 0, 0, 0, 0, 0, 0, 0};
    append(r.key, prefix);
    append(r.key, d);
    r.value = {n};
    return r;
}

}  // namespace

TEST(UstackSamples, FirstSampleOfAKeyIsUnwoundAndKept) {
    codegen::ProgramSet ps = program();
    int calls = 0;
    output::FormatContext ctx = unwinder(&calls);
    runtime::UstackSamples s;
    auto d = datum({0x10, 0x20});
    auto r = sample(1, 0, d, 0x10);
    ASSERT_TRUE(s.add(ps, r.data(), r.size(), ctx));
    const std::vector<uint64_t>* pcs = s.find(1, 0, d);
    ASSERT_NE(pcs, nullptr);
    EXPECT_EQ(*pcs, (std::vector<uint64_t>{0x10, 0xa10, 0xb00, 0xc00}));  // at most the key's 4 frames
    // A second sample of the same key (another CPU raced to create it) is not unwound again.
    auto r2 = sample(1, 0, d, 0x11);
    EXPECT_TRUE(s.add(ps, r2.data(), r2.size(), ctx));
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(s.find(1, 0, d)->at(0), 0x10u);
    // Another walk, another element or another aggregation: no sample.
    EXPECT_EQ(s.find(1, 0, datum({0x10, 0x30})), nullptr);
    EXPECT_EQ(s.find(1, 1, d), nullptr);
    EXPECT_EQ(s.find(2, 0, d), nullptr);
}

TEST(UstackSamples, MalformedSamplesAreRefused) {
    codegen::ProgramSet ps = program(true);
    int calls = 0;
    output::FormatContext ctx = unwinder(&calls);
    runtime::UstackSamples s;
    auto d = datum({0x10});
    auto bad_agg = sample(2, 1, d, 0x10);
    EXPECT_FALSE(s.add(ps, bad_agg.data(), bad_agg.size(), ctx));
    auto not_ustack = sample(1, 0, d, 0x10);
    EXPECT_FALSE(s.add(ps, not_ustack.data(), not_ustack.size(), ctx));
    auto good = sample(1, 1, d, 0x10);
    EXPECT_FALSE(s.add(ps, good.data(), codegen::abi::kUstackSampleDatum + d.size(), ctx));  // no registers
    EXPECT_EQ(s.size(), 0u);
    EXPECT_EQ(calls, 0);
    EXPECT_TRUE(s.add(ps, good.data(), good.size(), ctx));
    EXPECT_EQ(s.size(), 1u);
}

TEST(UstackSamples, RowsPrintTheUnwoundStackAndMergeWhenAlike) {
    codegen::ProgramSet ps = program(true);
    int calls = 0;
    output::FormatContext ctx = unwinder(&calls);
    runtime::UstackSamples s;
    // Two walks that went astray differently past 0x10 but unwind alike, and one without a
    // sample (lost to a full buffer): it keeps its frame-pointer walk.
    auto d1 = datum({0x10, 0x99}), d2 = datum({0x10, 0x98}), d3 = datum({0x40});
    for (const auto& d : {d1, d2}) {
        auto r = sample(1, 1, d, 0x10);
        ASSERT_TRUE(s.add(ps, r.data(), r.size(), ctx));
    }
    ctx.ustack_key = [&s](uint32_t agg, uint32_t index, std::span<const uint8_t> d) { return s.find(agg, index, d); };
    std::vector<uint8_t> k5(8, 0);
    k5[0] = 5;
    std::vector<runtime::AggRow> rows = {row(k5, d1, 2), row(k5, d2, 3), row(k5, d3, 4)};
    std::vector<runtime::AggRow> holder;
    const auto& merged = runtime::merge_user_keys(rows, ps, ctx, holder);
    ASSERT_EQ(merged.size(), 2u);
    EXPECT_EQ(merged[0].value[0], 5);
    std::vector<uint8_t> want = k5;
    std::vector<uint8_t> unwound;
    put(unwound, 7);
    put(unwound, 32);
    for (uint64_t pc : {0x10, 0xa10, 0xb00, 0xc00}) put(unwound, pc);
    EXPECT_EQ(merged[0].key, row(k5, unwound, 0).key);
    EXPECT_EQ(merged[1].key, rows[2].key);
    EXPECT_EQ(merged[1].value[0], 4);
}
