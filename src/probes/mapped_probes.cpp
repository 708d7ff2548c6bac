// The proc and sched tables. Tracepoint arguments (vmlinux BTF prototypes, Linux 6.x):
//   sys_enter(regs, id)  sys_exit(regs, ret)  sched_process_exec(p, old_pid, bprm)   sched_process_exit(p, group_dead)
//   task_newtask(task, clone_flags)        signal_generate(sig, info, task, group, result)
//   signal_deliver(sig, info, ka)          sched_switch(preempt, prev, next, prev_state)
//   sched_waking(p)  sched_wakeup(p)  sched_wakeup_new(p)  sched_pi_setprio(tsk, pi_task)
//   hrtimer_expire_entry(hrtimer, now)    sched_exit_tp(is_switch)   sched_set_need_resched_tp(tsk, cpu, tif)
#include "probes/mapped_probes.h"

namespace bdtrace::probes {

namespace {

constexpr uint32_t kExecveNr = 59;             // x86-64's execve
constexpr uint32_t kExecveatNr = 322;          // x86-64's execveat (fexecve(3), runc, systemd)
constexpr uint32_t kRtSigtimedwaitNr = 128;    // x86-64's rt_sigtimedwait
constexpr uint32_t kCloneThread = 0x00010000;  // CLONE_THREAD
constexpr uint32_t kSignalDelivered = 0;       // signal_generate's result: TRACE_SIGNAL_DELIVERED
constexpr uint32_t kSignalIgnored = 1;         // TRACE_SIGNAL_IGNORED
constexpr uint64_t kAll = ~uint64_t{0};
constexpr uint64_t kLow = 0xffffffff;
constexpr uint64_t kSigchld = 17;

// Where the probes fire, as DTrace names a probe's function: the kernel function, then the
// names it had in older kernels (descriptions written for them match too).
constexpr const char* kExecFns = "do_execveat_common,do_execve_common";
constexpr const char* kExecSuccessFns = "bprm_execve,exec_binprm,do_execveat_common,do_execve_common";
constexpr const char* kForkFns = "kernel_clone,_do_fork,do_fork,copy_process";
constexpr const char* kSendFns = "__send_signal_locked,__send_signal,send_signal";

ProbeGuard none() { return {}; }
// (argument [->field] & mask) == value, or != value.
ProbeGuard eq(int arg, uint64_t mask, uint64_t value, const char* field = "") { return {arg, mask, value, false, field, -1}; }
ProbeGuard ne(int arg, uint64_t mask, uint64_t value, const char* field = "") { return {arg, mask, value, true, field, -1}; }
// argument->field == the address of the first of `symbols` the kernel has.
ProbeGuard at_symbol(int arg, const char* field, const char* symbols) { return {arg, kAll, 0, false, field, -1, symbols}; }

MappedArg lwp(int a) { return {"lwpsinfo_t *", a, "lwpsinfo_t *", ""}; }
MappedArg ps(int a) { return {"psinfo_t *", a, "psinfo_t *", ""}; }
MappedArg cpu(int a) { return {"cpuinfo_t *", a, "cpuinfo_t *", ""}; }
MappedArg value(const char* type, int a) { return {type, a, "", ""}; }
MappedArg member(const char* type, int a, const char* xlate, const char* m) { return {type, a, xlate, m}; }

MappedProbe probe(const char* prov, const char* name, const char* tp, const char* fn, ProbeGuard g,
                  std::vector<MappedArg> args, int identity = -1, ProbeGuard g2 = {}, std::vector<ProbeSite> also = {},
                  ProbeGuard g3 = {}) {
    return {prov, name, tp, g, std::move(args), identity, g2, std::move(also), g3, fn};
}

const std::vector<MappedProbe>& proc_table() {
    static const std::vector<MappedProbe> t = {
        // The attempt and its failure: the entry and return of execve and execveat (the
        // call's number in orig_ax; the translator reads the path argument of each).
        probe("proc", "exec", "sys_enter", kExecFns, eq(1, kLow, kExecveNr), {member("string", 0, "struct __proc_exec *", "path")}, -1,
              none(), {{"sys_enter", eq(1, kLow, kExecveatNr), none(), false}}),
        probe("proc", "exec-failure", "sys_exit", kExecFns, eq(0, kLow, kExecveNr, "orig_ax"),
              {member("int", 1, "struct __proc_errno *", "err")}, -1, ne(1, uint64_t{1} << 63, 0),
              {{"sys_exit", eq(0, kLow, kExecveatNr, "orig_ax"), ne(1, uint64_t{1} << 63, 0), false}}),
        // Fires in the new image: current is the task after the exec.
        probe("proc", "exec-success", "sched_process_exec", kExecSuccessFns, none(), {}),
        // Every new task passes task_newtask in copy_process, in the parent's context.
        probe("proc", "create", "task_newtask", kForkFns, eq(1, kCloneThread, 0), {ps(0)}),
        probe("proc", "lwp-create", "task_newtask", kForkFns, ne(1, kCloneThread, 0), {lwp(0), ps(0)}),
        // A new task's first run, in it: on Linux 6.16+ schedule_tail() passes sched_exit_tp
        // (is_switch true) in the task, switched in once (sched_info's count of arrivals); a
        // process's first thread has SIGCHLD as exit signal, other threads -1 (idle tasks 0).
        // Older kernels: the first switch to it (no runtime yet), with its identity.
        probe("proc", "start", "sched_exit_tp", "schedule_tail", ne(0, 0xff, 0), {}, -1, eq(kGuardCurrent, kAll, 1, "sched_info.pcount"), {},
              eq(kGuardCurrent, kLow, kSigchld, "exit_signal")),
        probe("proc", "start", "sched_switch", "schedule_tail,__schedule", eq(2, kAll, 0, "se.sum_exec_runtime"), {}, 2, eq(2, kLow, kSigchld, "exit_signal")),
        probe("proc", "lwp-start", "sched_exit_tp", "schedule_tail", ne(0, 0xff, 0), {}, -1, eq(kGuardCurrent, kAll, 1, "sched_info.pcount"),
              {}, eq(kGuardCurrent, kLow, kLow, "exit_signal")),
        probe("proc", "lwp-start", "sched_switch", "schedule_tail,__schedule", eq(2, kAll, 0, "se.sum_exec_runtime"), {}, 2, eq(2, kLow, kLow, "exit_signal")),
        // sched_process_exit fires in each exiting thread; group_dead in its last one.
        probe("proc", "exit", "sched_process_exit", "do_exit", ne(1, 1, 0), {member("int", 0, "struct __proc_exit *", "reason")}),
        probe("proc", "lwp-exit", "sched_process_exit", "do_exit", none(), {}),
        // signal_generate fires in the sender, for delivered and ignored signals alike.
        probe("proc", "signal-send", "signal_generate", kSendFns, eq(4, kLow, kSignalDelivered), {lwp(2), ps(2), value("int", 0)}),
        // sigwait(3C), sigtimedwait and sigwaitinfo return from rt_sigtimedwait with the
        // signal they took off the pending set (a number > 0; a failure is negative).
        probe("proc", "signal-clear", "sys_exit", "do_sigtimedwait", eq(0, kLow, kRtSigtimedwaitNr, "orig_ax"), {value("int", 1)}, -1,
              eq(1, uint64_t{1} << 63, 0)),
        probe("proc", "signal-discard", "signal_generate", kSendFns, eq(4, kLow, kSignalIgnored), {lwp(2), ps(2), value("int", 0)}),
        probe("proc", "signal-handle", "signal_deliver", "get_signal", none(),
              {value("int", 0), value("siginfo_t *", 1), member("void (*)(void)", 2, "struct __proc_sigaction *", "handler")}),
    };
    return t;
}

const std::vector<MappedProbe>& sched_table() {
    static const std::vector<MappedProbe> t = {
        // sched_switch runs in the leaving thread (prev).
        probe("sched", "off-cpu", "sched_switch", "__schedule", none(), {lwp(2), ps(2)}),
        // A thread switched in passes sched_exit_tp (Linux 6.16+, is_switch true) in its own
        // context, its user stack and memory there: at the end of __schedule() when it had
        // been switched away, in schedule_tail() at a new thread's first run. Older kernels:
        // every sched_switch, as next.
        probe("sched", "on-cpu", "sched_exit_tp", "__schedule,schedule_tail", ne(0, 0xff, 0), {}),
        probe("sched", "on-cpu", "sched_switch", "__schedule", none(), {}, 2),
        probe("sched", "preempt", "sched_switch", "__schedule", ne(0, 1, 0), {}),
        probe("sched", "sleep", "sched_switch", "__schedule", ne(3, kLow, 0), {}),
        // sched_waking fires in the waker once the wakeup is decided; sched_wakeup once the
        // woken thread is on its CPU's run queue.
        probe("sched", "wakeup", "sched_waking", "try_to_wake_up", none(), {lwp(0), ps(0)}),
        // DTrace's dispatcher enqueues a woken thread, a new one, and a preempted or yielding
        // one put back (Linux keeps it on its run queue: sched_switch of a still runnable
        // thread, other than the idle task, as that thread).
        probe("sched", "enqueue", "sched_wakeup", "ttwu_do_activate,ttwu_do_wakeup,wake_up_new_task,__schedule", none(), {lwp(0), ps(0), cpu(0)}, -1, none(),
              {{"sched_wakeup_new", none(), none(), false},
               {"sched_switch", eq(2, kLow, 0), ne(0, kLow, 0, "pid"), true}}),
        // Solaris's dispatcher takes the thread it chose off its run queue in the thread giving
        // up the CPU; Linux's chooses next before sched_switch, which runs in prev: the same
        // moment and context. The idle task is never queued.
        probe("sched", "dequeue", "sched_switch", "__schedule", ne(2, kLow, 0, "pid"), {lwp(2), ps(2), cpu(2)}),
        // The scheduler tick is an hrtimer whose handler (tick_sched_timer; tick_nohz_handler
        // since 6.9) runs in hard interrupt context on the interrupted thread: current is the
        // thread the tick accounts (an idle CPU's idle task, pid 0, when its tick is not stopped).
        probe("sched", "tick", "hrtimer_expire_entry", "tick_sched_timer,tick_nohz_handler", at_symbol(0, "function", "tick_sched_timer,tick_nohz_handler"),
              {lwp(kCurthread), ps(kCurthread)}),
        // The priority a priority-inheritance boost (or its end) gives the thread.
        probe("sched", "change-pri", "sched_pi_setprio", "rt_mutex_setprio", none(), {lwp(0), ps(0), member("int", 0, "struct __sched_newpri *", "pri")}),
        // The end of __schedule() (Linux 6.16+), in the thread that called it: is_switch false
        // when the scheduler picked that same thread again.
        probe("sched", "remain-cpu", "sched_exit_tp", "__schedule", eq(0, 0xff, 0), {}),
        // A CPU's running thread is told to reschedule (its need-resched flag newly set, by a
        // wakeup, the tick, a priority change), in the thread that tells it (Linux 6.16+).
        probe("sched", "surrender", "sched_set_need_resched_tp", "__resched_curr,resched_curr", none(), {lwp(0), ps(0)}),
    };
    return t;
}

}  // namespace

const std::vector<MappedProbe>& mapped_probes(const std::string& provider) {
    static const std::vector<MappedProbe> none;
    if (provider == "proc") return proc_table();
    if (provider == "sched") return sched_table();
    return none;
}

const MappedProbe* find_mapped_probe(const std::string& provider, const std::string& name) {
    for (const MappedProbe& p : mapped_probes(provider))
        if (name == p.name) return &p;
    return nullptr;
}

}  // namespace bdtrace::probes
