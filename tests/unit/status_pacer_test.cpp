// -x statusrate's pacing of the consumer's status checks (runtime/status_pacer.h).
#include <gtest/gtest.h>

#include "runtime/status_pacer.h"

using bdtrace::runtime::StatusPacer;

TEST(StatusPacer, OneCheckAPeriod) {
    StatusPacer p(100);
    EXPECT_FALSE(p.due(1000));  // the first check comes a whole period after tracing starts
    EXPECT_FALSE(p.due(1050));
    EXPECT_TRUE(p.due(1100));
    EXPECT_FALSE(p.due(1150));
    EXPECT_TRUE(p.due(1230));
    EXPECT_FALSE(p.due(1300));
    EXPECT_TRUE(p.due(1330));
}

TEST(StatusPacer, NoPeriodAlwaysDue) {
    StatusPacer p;
    EXPECT_TRUE(p.due(0));
    EXPECT_TRUE(p.due(1));
}
