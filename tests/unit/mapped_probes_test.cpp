// The proc and sched providers' tables (probes/mapped_probes.h): every probe names a tracepoint
// the running kernel has, with guards and argument sources inside the tracepoint's arguments.
#include <gtest/gtest.h>

#include <bpf/btf.h>

#include <set>
#include <string>

#include "vmlinux_btf.h"
#include "probes/btf_spell.h"
#include "probes/mapped_probes.h"
#include "probes/probe.h"

using namespace bdtrace;

namespace {

int nargs(const std::string& tp) {
    const struct btf* b = test::vmlinux().parsed();
    int id = btf__find_by_name_kind(b, ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF);
    if (id <= 0) return -1;
    const struct btf_type* t = btf__type_by_id(b, static_cast<uint32_t>(id));
    const struct btf_type* proto = btf__type_by_id(b, btf__type_by_id(b, t->type)->type);
    return btf_vlen(proto) - 1;
}

}  // namespace

TEST(MappedProbes, TablesHoldDTracesNamesOnce) {
    for (const char* prov : {"proc", "sched"}) {
        std::set<std::string> names;
        const probes::MappedProbe* prev = nullptr;
        for (const auto& p : probes::mapped_probes(prov)) {
            EXPECT_EQ(std::string(p.provider), prov);
            // A name's entries (one per kernel generation) follow each other, args[] alike;
            // its first entry is the one found.
            bool again = prev && std::string(prev->name) == p.name;
            EXPECT_TRUE(names.insert(p.name).second || again) << p.name;
            if (again) {
                EXPECT_EQ(prev->args.size(), p.args.size()) << p.name;
                EXPECT_NE(std::string(prev->tracepoint), p.tracepoint) << p.name;
            } else {
                EXPECT_EQ(probes::find_mapped_probe(prov, p.name), &p);
            }
            prev = &p;
        }
    }
    EXPECT_TRUE(probes::mapped_probes("io").empty());
    EXPECT_EQ(probes::find_mapped_probe("proc", "on-cpu"), nullptr);
}

TEST(MappedProbes, DTracesArgumentTypes) {
    auto types = [](const char* prov, const char* name) {
        std::vector<std::string> out;
        for (const auto& a : probes::find_mapped_probe(prov, name)->args) out.push_back(a.type);
        return out;
    };
    using V = std::vector<std::string>;
    EXPECT_EQ(types("proc", "create"), V{"psinfo_t *"});
    EXPECT_EQ(types("proc", "exit"), V{"int"});
    EXPECT_EQ(types("proc", "lwp-create"), (V{"lwpsinfo_t *", "psinfo_t *"}));
    EXPECT_EQ(types("proc", "signal-send"), (V{"lwpsinfo_t *", "psinfo_t *", "int"}));
    EXPECT_EQ(types("proc", "signal-handle"), (V{"int", "siginfo_t *", "void (*)(void)"}));
    EXPECT_EQ(types("sched", "off-cpu"), (V{"lwpsinfo_t *", "psinfo_t *"}));
    EXPECT_EQ(types("sched", "enqueue"), (V{"lwpsinfo_t *", "psinfo_t *", "cpuinfo_t *"}));
    EXPECT_EQ(types("sched", "change-pri")[2], "int");
    EXPECT_TRUE(types("sched", "on-cpu").empty());
    EXPECT_EQ(types("proc", "signal-clear"), V{"int"});
    EXPECT_EQ(types("sched", "tick"), (V{"lwpsinfo_t *", "psinfo_t *"}));
}

TEST(MappedProbes, SignalClearIsASigtimedwaitReturningASignal) {
    const auto* clear = probes::find_mapped_probe("proc", "signal-clear");
    EXPECT_EQ(std::string(clear->tracepoint), "sys_exit");
    EXPECT_EQ(std::string(clear->guard.field), "orig_ax");
    EXPECT_EQ(clear->guard.value, 128u);  // x86-64's rt_sigtimedwait
    EXPECT_FALSE(clear->guard.ne);
    EXPECT_EQ(clear->guard2.arg, 1);  // the return value's sign bit clear
    EXPECT_EQ(clear->guard2.mask, uint64_t{1} << 63);
    EXPECT_EQ(clear->guard2.value, 0u);
    EXPECT_EQ(clear->args[0].tp_arg, 1);
}

TEST(MappedProbes, TickIsTheSchedulerTicksHrtimerOnTheCurrentThread) {
    const auto* tick = probes::find_mapped_probe("sched", "tick");
    EXPECT_EQ(std::string(tick->tracepoint), "hrtimer_expire_entry");
    EXPECT_EQ(std::string(tick->guard.field), "function");
    EXPECT_EQ(std::string(tick->guard.symbol), "tick_sched_timer,tick_nohz_handler");
    EXPECT_EQ(tick->identity_arg, -1);
    for (const auto& a : tick->args) EXPECT_EQ(a.tp_arg, probes::kCurthread);
}

TEST(MappedProbes, RemainCpuAndSurrenderOnTheSchedulersBareTracepoints) {
    const auto* remain = probes::find_mapped_probe("sched", "remain-cpu");
    EXPECT_EQ(std::string(remain->tracepoint), "sched_exit_tp");
    EXPECT_EQ(remain->guard.arg, 0);  // is_switch false
    EXPECT_FALSE(remain->guard.ne);
    EXPECT_EQ(remain->guard.value, 0u);
    const auto* surrender = probes::find_mapped_probe("sched", "surrender");
    EXPECT_EQ(std::string(surrender->tracepoint), "sched_set_need_resched_tp");
    EXPECT_EQ(surrender->args.size(), 2u);
    EXPECT_EQ(surrender->args[0].tp_arg, 0);  // the thread told to reschedule
}

TEST(MappedProbes, EnqueueAlsoAtANewTaskAndAPreemptedOne) {
    const auto* enqueue = probes::find_mapped_probe("sched", "enqueue");
    ASSERT_TRUE(enqueue);
    EXPECT_EQ(std::string(enqueue->tracepoint), "sched_wakeup");
    ASSERT_EQ(enqueue->also.size(), 2u);
    EXPECT_EQ(enqueue->also[0].tracepoint, "sched_wakeup_new");  // (p): same positions
    EXPECT_FALSE(enqueue->also[0].drop_first);
    const probes::ProbeSite& put_back = enqueue->also[1];
    EXPECT_EQ(put_back.tracepoint, "sched_switch");  // (preempt, prev, next, prev_state)
    EXPECT_TRUE(put_back.drop_first);                // prev is args' task
    EXPECT_EQ(put_back.guard.arg, 2);                // prev_state == TASK_RUNNING
    EXPECT_FALSE(put_back.guard.ne);
    EXPECT_EQ(put_back.guard2.arg, 0);  // prev is not the idle task
    EXPECT_TRUE(put_back.guard2.ne);
    EXPECT_EQ(std::string(put_back.guard2.field), "pid");
}

TEST(MappedProbes, DequeueIsTheChosenThreadInTheLeavingOne) {
    const auto* dequeue = probes::find_mapped_probe("sched", "dequeue");
    ASSERT_TRUE(dequeue);
    EXPECT_EQ(std::string(dequeue->tracepoint), "sched_switch");
    EXPECT_EQ(dequeue->identity_arg, -1);  // runs as prev, as DTrace's dequeue in disp()
    EXPECT_EQ(dequeue->guard.arg, 2);      // next, unless it is the idle task
    EXPECT_TRUE(dequeue->guard.ne);
    EXPECT_EQ(std::string(dequeue->guard.field), "pid");
    ASSERT_EQ(dequeue->args.size(), 3u);
    for (const auto& a : dequeue->args) EXPECT_EQ(a.tp_arg, 2);
}

TEST(MappedProbes, ProbesSharingATracepointDifferInTheirGuards) {
    const auto* create = probes::find_mapped_probe("proc", "create");
    const auto* lwp = probes::find_mapped_probe("proc", "lwp-create");
    EXPECT_EQ(std::string(create->tracepoint), lwp->tracepoint);
    EXPECT_EQ(create->guard.arg, lwp->guard.arg);
    EXPECT_EQ(create->guard.mask, 0x10000u);  // CLONE_THREAD
    // start and lwp-start: a task's first run, in it (Linux 6.16+: schedule_tail()'s
    // sched_exit_tp in a task switched in once), told apart by its exit signal; before 6.16 its
    // first switch in, with its identity.
    const auto* start = probes::find_mapped_probe("proc", "start");
    EXPECT_EQ(std::string(start->tracepoint), "sched_exit_tp");
    EXPECT_TRUE(start->guard.ne);  // is_switch
    EXPECT_EQ(start->identity_arg, -1);
    EXPECT_EQ(start->guard2.arg, probes::kGuardCurrent);
    EXPECT_EQ(std::string(start->guard2.field), "sched_info.pcount");
    EXPECT_EQ(start->guard2.value, 1u);
    EXPECT_EQ(start->guard3.arg, probes::kGuardCurrent);
    EXPECT_EQ(std::string(start->guard3.field), "exit_signal");
    EXPECT_EQ(start->guard3.value, 17u);
    EXPECT_EQ(probes::find_mapped_probe("proc", "lwp-start")->guard3.value, 0xffffffffu);
    for (const char* name : {"start", "lwp-start"}) {
        const probes::MappedProbe* older = nullptr;
        for (const auto& m : probes::mapped_probes("proc"))
            if (std::string(m.name) == name && std::string(m.tracepoint) == "sched_switch") older = &m;
        ASSERT_TRUE(older) << name;
        EXPECT_EQ(std::string(older->guard.field), "se.sum_exec_runtime");
        EXPECT_EQ(older->identity_arg, 2);
        EXPECT_EQ(std::string(older->guard2.field), "exit_signal");
    }
    EXPECT_NE(create->guard.ne, lwp->guard.ne);
    EXPECT_TRUE(probes::find_mapped_probe("proc", "exit")->guard.ne);  // group_dead
    EXPECT_EQ(probes::find_mapped_probe("proc", "lwp-exit")->guard, probes::ProbeGuard{});
    // on-cpu runs in the thread coming on CPU, at the end of __schedule() or, a new one, in
    // schedule_tail(): both pass sched_exit_tp; off-cpu stays the leaving one.
    const auto* on = probes::find_mapped_probe("sched", "on-cpu");
    EXPECT_EQ(std::string(on->tracepoint), "sched_exit_tp");
    EXPECT_EQ(on->identity_arg, -1);
    EXPECT_TRUE(on->guard.ne);  // is_switch
    EXPECT_TRUE(on->also.empty());
    // Before Linux 6.16, the next entry of the name: every switch, as next.
    const probes::MappedProbe* older = nullptr;
    for (const auto& m : probes::mapped_probes("sched"))
        if (std::string(m.name) == "on-cpu" && &m != on) older = &m;
    ASSERT_TRUE(older);
    EXPECT_EQ(std::string(older->tracepoint), "sched_switch");
    EXPECT_EQ(older->identity_arg, 2);
    EXPECT_EQ(probes::find_mapped_probe("sched", "off-cpu")->identity_arg, -1);
}

TEST(MappedProbes, EveryArgumentIsInsideItsTracepoint) {
    if (!test::vmlinux().parsed()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    for (const char* prov : {"proc", "sched"}) {
        for (const auto& p : probes::mapped_probes(prov)) {
            int n = nargs(p.tracepoint);
            ASSERT_GT(n, 0) << p.tracepoint;
            for (const probes::ProbeGuard* g : {&p.guard, &p.guard2, &p.guard3})
                if (g->arg != probes::kGuardCurrent) {
                    EXPECT_LT(g->arg, n) << p.name;
                }
            EXPECT_LT(p.identity_arg, n) << p.name;
            for (const auto& a : p.args) EXPECT_LT(a.tp_arg, n) << p.name;
        }
    }
}

TEST(MappedProbes, ProvidersOfferTheTables) {
    if (!test::vmlinux().parsed()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry r;
    auto found = r.match({"sched", "", "", "on-cpu"});
    ASSERT_EQ(found.size(), 1u);  // one probe of the name's entries
    EXPECT_EQ(found[0]->kind(), probes::AttachKind::Sdt);
    const probes::KernelPlan& plan = *found[0]->plan_as<probes::KernelPlan>();
    if (nargs("sched_exit_tp") > 0) {
        EXPECT_EQ(plan.tracepoint, "sched_exit_tp");
        EXPECT_EQ(plan.identity_arg, -1);
        EXPECT_TRUE(plan.also.empty());
    } else {
        EXPECT_EQ(plan.tracepoint, "sched_switch");
        EXPECT_EQ(plan.identity_arg, 2);
    }
    std::set<std::string> names;
    for (const auto& m : probes::mapped_probes("proc")) names.insert(m.name);
    EXPECT_EQ(r.match({"proc", "", "", ""}).size(), names.size());
    EXPECT_EQ(r.info(*r.match({"proc", "", "", "exit"})[0]).arg_types, std::vector<std::string>{"int"});
    // Guards through a field have its offset from BTF.
    auto start = r.match({"proc", "", "", "start"});
    ASSERT_EQ(start.size(), 1u);
    const probes::KernelPlan& sp = *start[0]->plan_as<probes::KernelPlan>();
    if (sp.tracepoint == "sched_exit_tp") {
        EXPECT_EQ(sp.guard.field_offset, -1);  // is_switch itself
        EXPECT_GT(sp.guard2.field_offset, 0);  // current->sched_info.pcount
        EXPECT_GT(sp.guard3.field_offset, 0);  // current->exit_signal
    } else {
        EXPECT_GT(sp.guard.field_offset, 0);
        EXPECT_GT(sp.guard2.field_offset, 0);
    }
    // A symbol guard's value is the function's address from kallsyms.
    auto tick = r.match({"sched", "", "", "tick"});
    if (tick.empty()) GTEST_SKIP() << "no scheduler tick hrtimer handler in kallsyms";
    const probes::KernelPlan& tp = *tick[0]->plan_as<probes::KernelPlan>();
    EXPECT_GT(tp.guard.value, 0xffff000000000000u);
    EXPECT_GE(tp.guard.field_offset, 0);
}

// Each probe names the kernel function where it fires (DTrace's probe function), the name this
// kernel's BTF lists first among the function's names.
TEST(MappedProbes, EveryProbeNamesItsFunction) {
    for (const char* prov : {"proc", "sched"})
        for (const auto& p : probes::mapped_probes(prov)) EXPECT_NE(std::string(p.functions), "") << prov << ":::" << p.name;
}
