// Firings the kernel skips because their program is already running on that CPU (a tracepoint
// fired by an interrupt inside the program): the session reads each program's count from the
// kernel and hands on what is new, for the consumer's drop report.
#include <gtest/gtest.h>

#include "session_helpers.h"

using namespace bdtrace;

TEST(SessionMisses, SummedOverProgramsAndHandedOnOnce) {
    probes::Registry registry;
    kernel::FakeKernel k;
    test::Loaded l;
    test::load(registry, k, "BEGIN { } profile-997 { @ = count(); } tick-1s { exit(0); }\n", l);
    if (HasFatalFailure()) return;
    runtime::Session& session = *l.session;
    ASSERT_GE(k.loaded_programs().size(), 2u);
    EXPECT_EQ(session.new_recursion_misses(), 0u);
    k.set_recursion_misses(k.loaded_programs()[0].fd, 3);
    k.set_recursion_misses(k.loaded_programs()[1].fd, 4);
    EXPECT_EQ(session.new_recursion_misses(), 7u);
    EXPECT_EQ(session.new_recursion_misses(), 0u);  // handed on once
    k.set_recursion_misses(k.loaded_programs()[1].fd, 5);
    EXPECT_EQ(session.new_recursion_misses(), 1u);
}
