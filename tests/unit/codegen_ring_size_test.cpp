// The records ring's size (codegen/ring_size.h): a program whose probes fire a bounded number of
// times (the dtrace provider's) gets a ring sized by what it can write; anything else keeps the
// -b/bufsize ring.
#include <gtest/gtest.h>

#include "codegen/ring_size.h"

using namespace bdtrace;
using codegen::records_bound;
using codegen::records_ring_size;
using probes::AttachKind;

namespace {

codegen::Epid enabled(AttachKind kind, uint32_t record_size) {
    codegen::Epid e;
    e.record_size = record_size;
    if (kind == AttachKind::Begin || kind == AttachKind::End || kind == AttachKind::Error)
        e.plan = probes::DtracePlan{kind};
    else
        e.plan = probes::ProfilePlan{};
    return e;
}

void add_program(codegen::ProgramSet& ps, AttachKind kind) {
    codegen::GenProgram gp;
    gp.kind = kind;
    ps.programs.push_back(std::move(gp));
}

constexpr uint32_t kFull = 8u << 20;  // 4m x 2 CPUs
const uint64_t kFault = codegen::ring_record_bytes(sizeof(codegen::abi::FaultRecord));

}  // namespace

TEST(RingSize, RecordBytesCountTheKernelsHeader) {
    EXPECT_EQ(codegen::ring_record_bytes(16), 24u);
    EXPECT_EQ(codegen::ring_record_bytes(17), 32u);
    EXPECT_EQ(codegen::ring_record_bytes(24), 32u);
}

TEST(RingSize, BeginOnlyIsBoundedByItsRecords) {
    codegen::ProgramSet ps;
    add_program(ps, AttachKind::Begin);
    ps.epids.push_back(enabled(AttachKind::Begin, 16));
    // One firing: its record or its fault record (no ERROR clause): two of the largest.
    auto b = records_bound(ps);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(*b, 2 * kFault);
    EXPECT_EQ(records_ring_size(b, kFull), 4096u);  // one page at least
}

TEST(RingSize, ErrorClausesAndLargeRecordsCount) {
    codegen::ProgramSet ps;
    add_program(ps, AttachKind::Begin);
    add_program(ps, AttachKind::End);
    ps.epids.push_back(enabled(AttachKind::Begin, 20000));
    ps.epids.push_back(enabled(AttachKind::Begin, 64));
    ps.epids.push_back(enabled(AttachKind::End, 32));
    ps.epids.push_back(enabled(AttachKind::Error, 48));
    ps.epids.push_back(enabled(AttachKind::Error, 48));
    // Three firings, each its record or a fault record after two ERROR records: 3 x 4 of the
    // largest record.
    auto b = records_bound(ps);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(*b, 12 * codegen::ring_record_bytes(20000));
    uint32_t size = records_ring_size(b, kFull);
    EXPECT_GE(size, 2 * *b);
    EXPECT_LT(size / 2, 2 * *b);  // the next power of two
    EXPECT_EQ(size & (size - 1), 0u);
}

TEST(RingSize, NeverAboveTheBufsizeRing) {
    codegen::ProgramSet ps;
    add_program(ps, AttachKind::Begin);
    for (int i = 0; i < 100; ++i) ps.epids.push_back(enabled(AttachKind::Begin, 60000));
    EXPECT_EQ(records_ring_size(records_bound(ps), 1u << 16), 1u << 16);  // -b 64k's limit
    EXPECT_EQ(records_ring_size(records_bound(ps), kFull), kFull);
}

TEST(RingSize, OtherProvidersAreUnbounded) {
    codegen::ProgramSet ps;
    add_program(ps, AttachKind::Begin);
    add_program(ps, AttachKind::Tick);
    ps.epids.push_back(enabled(AttachKind::Begin, 16));
    ps.epids.push_back(enabled(AttachKind::Tick, 16));
    EXPECT_FALSE(records_bound(ps).has_value());
    EXPECT_EQ(records_ring_size(records_bound(ps), kFull), kFull);
}

TEST(RingSize, TableClausesAreUnbounded) {
    // A pid clause may be enabled later (a library not loaded yet), a syscall or sdt clause
    // fires on events: none has a bound, even before any of its probes is enabled.
    for (int which = 0; which < 3; ++which) {
        codegen::ProgramSet ps;
        add_program(ps, AttachKind::Begin);
        ps.epids.push_back(enabled(AttachKind::Begin, 16));
        if (which == 0) ps.uprobe_clauses.emplace_back();
        if (which == 1) ps.syscall_clauses.push_back(0);
        if (which == 2) ps.sdt_clauses.push_back(0);
        EXPECT_FALSE(records_bound(ps).has_value()) << which;
    }
}

TEST(RingSize, NothingEnabledWritesNothing) {
    codegen::ProgramSet ps;
    ps.epids.push_back(enabled(AttachKind::Error, 16));  // ERROR alone never fires
    auto b = records_bound(ps);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(*b, 0u);
    EXPECT_EQ(records_ring_size(b, kFull), 4096u);
}
