// The proc and sched providers' probes: each a kernel tracepoint under DTrace's name, with
// DTrace's argument types. A probe fires where its tracepoint fires, when the tracepoint's
// guard holds (one tracepoint serves several probes: sched_switch is off-cpu, on-cpu, sleep
// and preempt); its args[] are computed from the tracepoint's arguments by the library's
// translators. Pure data, so that the table is tested without a kernel.
#pragma once

#include <cstdint>

#include <string>
#include <vector>

namespace bdtrace::probes {

// A condition on one tracepoint argument, checked before any clause runs:
// (arg & mask) == value, or != value when `ne`; with a `field`, on the 8 bytes at that member
// of the structure the argument points to ("se.sum_exec_runtime"). arg < 0: always true;
// arg kGuardCurrent: a field of the task the tracepoint fires in (struct task_struct).
// With a `symbol`, value is the address of that kernel function, known only at run time: the
// first of the comma-separated names this kernel has ("tick_nohz_handler,tick_sched_timer").
inline constexpr int32_t kGuardCurrent = 10;
struct ProbeGuard {
    int32_t arg = -1;
    uint64_t mask = 0;
    uint64_t value = 0;
    bool ne = false;
    const char* field = "";
    int32_t field_offset = -1;  // the field's byte offset, from the kernel's BTF (the provider)
    const char* symbol = "";    // value from kallsyms (the provider)
    bool operator==(const ProbeGuard&) const = default;
};

// How args[i] is computed from tracepoint argument `tp_arg`: the value as `type` (xlate
// empty); the pointer translated to `xlate` (a psinfo_t * ...); or, with `member`, that member
// of the translation (a library translator that computes one value, e.g. exit's reason).
// tp_arg kCurthread: the firing thread (curthread) instead of a tracepoint argument.
inline constexpr int kCurthread = -1;
struct MappedArg {
    const char* type;    // as DTrace lists it
    int tp_arg;
    const char* xlate;   // translator output, "" for none
    const char* member;  // member of the translation, "" for the whole translation
};

// Another tracepoint a probe also fires at (sched:::enqueue: a new task's first wakeup, a
// preempted thread put back on its run queue), with its own conditions. drop_first: the
// tracepoint's first argument is dropped, so that its next ones take the positions args[],
// the identity and the guards name (sched_switch(preempt, prev, ...): prev becomes 0).
struct ProbeSite {
    std::string tracepoint;
    ProbeGuard guard;
    ProbeGuard guard2;
    bool drop_first = false;
    int32_t identity_arg = -1;  // as MappedProbe's, for this tracepoint
    int32_t tp_nargs = -1;      // the tracepoint's own argument count (the provider)
    bool operator==(const ProbeSite&) const = default;
};

// Which thread the probe's tid, pid, execname, curthread and self-> belong to: the one the
// tracepoint fires in, or a task among its arguments (on-cpu: the incoming thread).
struct MappedProbe {
    const char* provider;
    const char* name;
    const char* tracepoint;
    ProbeGuard guard;
    std::vector<MappedArg> args;
    int identity_arg = -1;  // >= 0: the task argument whose identity the clauses take
    ProbeGuard guard2;      // a second condition, both must hold
    std::vector<ProbeSite> also;
    ProbeGuard guard3;      // a third condition, all must hold
    // The kernel function the probe fires in, as DTrace's probe function ("kernel_clone"), then
    // other names for it: what it was called in older kernels ("_do_fork"), the other sites
    // of a probe on several; comma-separated. The provider names the probe after the first
    // vmlinux BTF lists (else the first), and a description naming any of them matches.
    const char* functions = "";
};

// The table of one provider ("proc", "sched"); empty for others. A name may have several
// entries: the provider makes the first whose tracepoint the kernel has.
const std::vector<MappedProbe>& mapped_probes(const std::string& provider);
// One probe of the table, or null.
const MappedProbe* find_mapped_probe(const std::string& provider, const std::string& name);

}  // namespace bdtrace::probes
