// A probe on several tracepoints (sched:::enqueue): one sdt table row per other tracepoint,
// counted down from the table's last, attached with the probe id in the cookie's lower half
// and that row in its upper half; the guards of a site whose first argument is dropped are
// resolved one argument further.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstring>
#include <set>

#include "codegen/abi.h"
#include "session_helpers.h"

using namespace bdtrace;

using test::Loaded;
using test::load;

TEST(ProbeSites, EnqueueAttachesEachTracepointWithItsRow) {
    if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry registry;
    auto found = registry.match({"sched", "", "", "enqueue"});
    ASSERT_EQ(found.size(), 1u);
    const probes::Probe& enqueue = *found[0];
    const std::vector<probes::ProbeSite>& also = enqueue.plan_as<probes::KernelPlan>()->also;
    ASSERT_EQ(also.size(), 2u);  // Linux 6.x has sched_wakeup_new and sched_switch
    EXPECT_EQ(also[0].tp_nargs, 1);
    EXPECT_EQ(also[1].tp_nargs, 4);
    // prev->pid, found through sched_switch's second argument (the first is dropped).
    EXPECT_GT(also[1].guard2.field_offset, 0);

    kernel::FakeKernel k;
    Loaded l;
    load(registry, k, "sched:::enqueue { @ = count(); }\nsched:::dequeue { @d = count(); }\n", l);
    if (HasFatalFailure()) return;
    uint64_t dequeue_id = registry.match({"sched", "", "", "dequeue"})[0]->id;
    std::multiset<std::pair<std::string, uint64_t>> links;
    for (const auto& a : k.attachments())
        if (a.what.rfind("raw_tp ", 0) == 0) links.emplace(a.what.substr(7), a.cookie);
    const uint64_t last = codegen::abi::kProbeTableEntries - 1;
    EXPECT_EQ(links, (std::multiset<std::pair<std::string, uint64_t>>{{"sched_wakeup", enqueue.id},
                                                           {"sched_wakeup_new", enqueue.id | last << 32},
                                                           {"sched_switch", enqueue.id | (last - 1) << 32},
                                                           {"sched_switch", dequeue_id}}));
}

// proc:::start on Linux 6.16+: schedule_tail()'s sched_exit_tp, in the new task, guarded by
// fields of the current task (it is no argument of the tracepoint): its row's second and third
// guards name kSdtGuardCurrent and the fields' offsets in struct task_struct.
TEST(ProbeSites, StartGuardsReadTheCurrentTask) {
    if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry registry;
    auto found = registry.match({"proc", "", "", "start"});
    ASSERT_EQ(found.size(), 1u);
    const probes::Probe& probe = *found[0];
    const probes::KernelPlan& start = *probe.plan_as<probes::KernelPlan>();
    if (start.tracepoint != "sched_exit_tp") GTEST_SKIP() << "Linux before 6.16: start is sched_switch's";
    EXPECT_EQ(start.guard2.arg, probes::kGuardCurrent);
    EXPECT_GT(start.guard2.field_offset, 0);  // sched_info.pcount
    EXPECT_EQ(start.guard3.arg, probes::kGuardCurrent);
    EXPECT_GT(start.guard3.field_offset, 0);  // exit_signal
    EXPECT_NE(start.guard2.field_offset, start.guard3.field_offset);

    kernel::FakeKernel k;
    Loaded l;
    load(registry, k, "proc:::start { @ = count(); }\n", l);
    if (HasFatalFailure()) return;
    std::vector<uint32_t> row(codegen::abi::kSdtRowEpids + l.ps->sdt_clauses.size());
    uint32_t key = probe.id;
    auto got = l.session->map(codegen::abi::kSdtTableMap)
                   .lookup(std::as_bytes(std::span(&key, 1)), std::as_writable_bytes(std::span(row)));
    ASSERT_TRUE(got && *got);
    codegen::abi::SdtGuard g[codegen::abi::kSdtGuards];
    std::memcpy(g, &row[codegen::abi::kSdtRowGuard], sizeof g);
    EXPECT_EQ(g[0].ctl, 1u | codegen::abi::kSdtGuardNe);  // is_switch != 0
    EXPECT_EQ(g[1].ctl, codegen::abi::kSdtGuardCurrent + 1);
    EXPECT_EQ(g[1].field, static_cast<uint32_t>(start.guard2.field_offset + 1));
    EXPECT_EQ(g[1].value, 1u);
    EXPECT_EQ(g[2].ctl, codegen::abi::kSdtGuardCurrent + 1);
    EXPECT_EQ(g[2].field, static_cast<uint32_t>(start.guard3.field_offset + 1));
    EXPECT_EQ(g[2].value, 17u);
}
