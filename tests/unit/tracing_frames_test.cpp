// The tracing machinery's kernel functions, which kernel stacks leave out
// (process/tracing_frames.h).
#include <gtest/gtest.h>

#include "process/tracing_frames.h"

using namespace bdtrace;

TEST(TracingFrames, MachineryNames) {
    std::vector<std::string> tps = {"sched_switch"};
    EXPECT_TRUE(process::is_tracing_machinery("bpf_trace_run4", tps));
    EXPECT_TRUE(process::is_tracing_machinery("bpf_trace_run12", tps));
    EXPECT_FALSE(process::is_tracing_machinery("bpf_trace_run", tps));
    EXPECT_FALSE(process::is_tracing_machinery("bpf_trace_runx", tps));
    EXPECT_TRUE(process::is_tracing_machinery("__bpf_trace_sched_wakeup_template", tps));
    EXPECT_TRUE(process::is_tracing_machinery("__traceiter_sched_switch", tps));
    EXPECT_FALSE(process::is_tracing_machinery("__traceiter_sched_waking", tps));  // not attached
    EXPECT_TRUE(process::is_tracing_machinery("__bpf_prog_test_run_raw_tp", tps));
    EXPECT_TRUE(process::is_tracing_machinery("bpf_prog_test_run_raw_tp.cold", tps));
    EXPECT_FALSE(process::is_tracing_machinery("__schedule", tps));
    EXPECT_FALSE(process::is_tracing_machinery("__pfx_bpf_trace_run4", tps));
}

TEST(TracingFrames, RangesEndAtTheNextSymbol) {
    const std::string kallsyms =
        "ffffffff813a50a0 T __pfx___traceiter_sched_switch\n"
        "ffffffff813a50b0 T __traceiter_sched_switch\n"
        "ffffffff813a5120 T __pfx___probestub_sched_switch\n"
        "ffffffff813a5130 T __probestub_sched_switch\n"
        "ffffffff814ca4d0 T bpf_trace_run4\n"
        "ffffffff814ca6a0 T __pfx_bpf_trace_run5\n"
        "ffffffff81f00000 D some_data\n"
        "ffffffff82000000 T __schedule\n"
        "ffffffffa0000000 t bpf_prog_1234_dt_sdt\t[bpf]\n";
    auto r = process::tracing_machinery_ranges(kallsyms, {"sched_switch"});
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(r[0], std::make_pair(uint64_t{0xffffffff813a50b0}, uint64_t{0xffffffff813a5120}));
    EXPECT_EQ(r[1], std::make_pair(uint64_t{0xffffffff814ca4d0}, uint64_t{0xffffffff814ca6a0}));
    // Hidden addresses (kptr_restrict) give nothing.
    EXPECT_TRUE(process::tracing_machinery_ranges("0000000000000000 T bpf_trace_run4\n", {}).empty());
}
