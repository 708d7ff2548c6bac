// The sdt provider's pure parts: tracepoints from a BTF (the running kernel's, when it has
// one), and event groups from a tracefs-like directory tree the test builds.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "vmlinux_btf.h"
#include "probes/btf_spell.h"
#include "probes/probe.h"
#include "probes/tracepoints.h"

using namespace bdtrace;

TEST(SdtTracepoints, GroupsFromEventDirectories) {
    std::string root = testing::TempDir() + "/tracefs_test";
    for (const char* d : {"", "/events", "/events/sched", "/events/sched/sched_switch", "/events/irq",
                          "/events/irq/irq_handler_entry"})
        mkdir((root + d).c_str(), 0755);
    std::ofstream(root + "/events/sched/enable") << "0\n";  // files are not events
    auto groups = probes::tracefs_groups(root);
    EXPECT_EQ(groups, (std::map<std::string, std::string>{{"sched_switch", "sched"}, {"irq_handler_entry", "irq"}}));
    EXPECT_TRUE(probes::tracefs_groups(root + "/missing").empty());
}

TEST(SdtTracepoints, FromTheKernelsBtf) {
    const struct btf* b = test::vmlinux().parsed();
    if (!b) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    auto tps = probes::btf_tracepoints(b, {{"sched_switch", "sched"}});
    const probes::Tracepoint* sw = nullptr;
    for (const auto& tp : tps)
        if (tp.event == "sched_switch") sw = &tp;
    ASSERT_TRUE(sw);
    EXPECT_EQ(sw->group, "sched");
    // sched_switch(bool preempt, struct task_struct *prev, struct task_struct *next, ...).
    ASSERT_GE(sw->arg_type_ids.size(), 3u);
    EXPECT_EQ(probes::btf_spell(b, sw->arg_type_ids[1]), "struct task_struct *");
    // Sorted by group, then event: the ungrouped ones first.
    for (size_t i = 1; i < tps.size(); ++i)
        EXPECT_LE(std::tie(tps[i - 1].group, tps[i - 1].event), std::tie(tps[i].group, tps[i].event));
}
