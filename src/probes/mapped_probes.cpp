// The proc and sched tables. Tracepoint arguments (vmlinux BTF prototypes, Linux 6.x):
//   sys_enter(regs, id)                    sched_process_exec(p, old_pid, bprm)   sched_process_exit(p, group_dead)
//   task_newtask(task, clone_flags)        signal_generate(sig, info, task, group, result)
//   signal_deliver(sig, info, ka)          sched_switch(preempt, prev, next, prev_state)
//   sched_waking(p)  sched_wakeup(p)       sched_pi_setprio(tsk, pi_task)
#include "probes/mapped_probes.h"

namespace bdtrace::probes {

namespace {

constexpr uint32_t kExecveNr = 59;             // x86-64's execve
constexpr uint32_t kCloneThread = 0x00010000;  // CLONE_THREAD
constexpr uint32_t kSignalDelivered = 0;       // signal_generate's result: TRACE_SIGNAL_DELIVERED
constexpr uint32_t kSignalIgnored = 1;         // TRACE_SIGNAL_IGNORED

MappedArg lwp(int a) { return {"lwpsinfo_t *", a, "lwpsinfo_t *", ""}; }
MappedArg ps(int a) { return {"psinfo_t *", a, "psinfo_t *", ""}; }
MappedArg cpu(int a) { return {"cpuinfo_t *", a, "cpuinfo_t *", ""}; }
MappedArg value(const char* type, int a) { return {type, a, "", ""}; }

const std::vector<MappedProbe>& proc_table() {
    static const std::vector<MappedProbe> t = {
        // The attempt: the entry of execve (its path from the saved registers).
        {"proc", "exec", "sys_enter", {1, 0xffffffff, kExecveNr, false}, {{"string", 0, "struct __proc_exec *", "path"}}},
        // Fires in the new image: current is the task after the exec.
        {"proc", "exec-success", "sched_process_exec", {}, {}},
        // Every new task passes task_newtask in copy_process, in the parent's context.
        {"proc", "create", "task_newtask", {1, kCloneThread, 0, false}, {ps(0)}},
        {"proc", "lwp-create", "task_newtask", {1, kCloneThread, 0, true}, {lwp(0), ps(0)}},
        // sched_process_exit fires in each exiting thread; group_dead in its last one.
        {"proc", "exit", "sched_process_exit", {1, 1, 0, true}, {{"int", 0, "struct __proc_exit *", "reason"}}},
        {"proc", "lwp-exit", "sched_process_exit", {}, {}},
        // signal_generate fires in the sender, for delivered and ignored signals alike.
        {"proc", "signal-send", "signal_generate", {4, 0xffffffff, kSignalDelivered, false},
         {lwp(2), ps(2), value("int", 0)}},
        {"proc", "signal-discard", "signal_generate", {4, 0xffffffff, kSignalIgnored, false},
         {lwp(2), ps(2), value("int", 0)}},
        {"proc", "signal-handle", "signal_deliver", {},
         {value("int", 0), {"siginfo_t *", 1, "", ""}, {"void (*)(void)", 2, "struct __proc_sigaction *", "handler"}}},
    };
    return t;
}

const std::vector<MappedProbe>& sched_table() {
    static const std::vector<MappedProbe> t = {
        // sched_switch runs in the leaving thread (prev); on-cpu takes next's identity.
        {"sched", "off-cpu", "sched_switch", {}, {lwp(2), ps(2)}},
        {"sched", "on-cpu", "sched_switch", {}, {}, 2},
        {"sched", "preempt", "sched_switch", {0, 1, 0, true}, {}},
        {"sched", "sleep", "sched_switch", {3, 0xffffffff, 0, true}, {}},
        // sched_waking fires in the waker once the wakeup is decided; sched_wakeup once the
        // woken thread is on its CPU's run queue.
        {"sched", "wakeup", "sched_waking", {}, {lwp(0), ps(0)}},
        {"sched", "enqueue", "sched_wakeup", {}, {lwp(0), ps(0), cpu(0)}},
        // The priority a priority-inheritance boost (or its end) gives the thread.
        {"sched", "change-pri", "sched_pi_setprio", {}, {lwp(0), ps(0), {"int", 0, "struct __sched_newpri *", "pri"}}},
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
