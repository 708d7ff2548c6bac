// A probe's attach plan: how it reaches the kernel, one struct per kind, built once by the
// provider that resolves the probe. Code generation and the runtime read the plan (through the
// probe, or the copy an enabled probe carries); nobody derives it again from the probe's name
// or from which fields happen to be set. A new kind of attachment is a plan here, a program
// builder in codegen/ (codegen/program_builders.h) and an attacher in runtime/
// (runtime/attachers.cpp).
#pragma once

#include <cstdint>

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "probes/mapped_probes.h"
#include "process/usdt_args.h"

namespace bdtrace::probes {

// The program a probe runs in: the code generator makes one program per kind, and the kind of a
// plan is its program's (kind_of()). Profile and Tick share ProfilePlan, Uprobe and Uretprobe
// UprobePlan, SyscallEntry and SyscallReturn SyscallPlan; Begin, End and Error DtracePlan.
enum class AttachKind {
    Begin,    // dtrace:::BEGIN: run by the consumer before tracing starts
    End,      // dtrace:::END: run by the consumer after tracing stops
    Error,    // dtrace:::ERROR: called from the fault path of other clauses
    Profile,  // profile-N: cpu-clock on every CPU
    Tick,     // tick-N: cpu-clock on one CPU
    Uprobe,     // pid provider entry and offset probes: uprobe_multi on a file, for one process
    Uretprobe,  // pid provider return probes
    Usdt,       // USDT probes: uprobe_multi on each call site, arguments from the site's specs
    SyscallEntry,   // syscall provider entry probes: tp_btf on sys_enter, nr dispatch
    SyscallReturn,  // syscall provider return probes: tp_btf on sys_exit
    Sdt,            // sdt provider: a raw tracepoint per probe, cookie = probe id
};

// How an sdt-path probe reaches its event: a raw tracepoint (the sdt, proc, sched and io
// providers), or a kernel function's entry or return through a BPF trampoline (fbt: fentry and
// fexit, one program load per function, attached at the function's BTF id).
enum class KernelHook : uint8_t { Tracepoint, Fentry, Fexit };

// One call site of a USDT probe: where its uprobe goes, its semaphore (0: none) and where each
// argument lives at that site.
struct UsdtSite {
    uint64_t file_offset = 0;
    uint64_t ref_ctr_offset = 0;
    std::vector<process::UsdtArg> args;
    std::string arg_text;
    std::string error;  // why the specs cannot be used: such a site is listed, never attached
    bool nop5 = false;  // a 5-byte NOP inside a function (see UprobePlan::nop5_site)
    std::string path;   // -lv: the instruction and the kernel's path ("nop: emulated")
};

// A uprobe's place for a pid probe that may lie past the function's first instruction: the file
// offset, and how many bytes past the first instruction it lies (the code generator gives the
// first instruction's address back to uregs[R_PC] and ustack()).
struct UprobeSite {
    uint64_t file_offset = 0;
    uint64_t skip = 0;
};

// dtrace:::BEGIN, END, ERROR: run by the consumer (BEGIN, END) or from other clauses' fault
// paths (ERROR); nothing to attach.
struct DtracePlan {
    AttachKind which = AttachKind::Begin;
};

// profile-N, tick-N: a cpu-clock perf event at a fixed period, on every CPU (profile) or one
// (tick). frequency: N when it was given as a rate (hz), else 0.
struct ProfilePlan {
    uint64_t period_ns = 0;
    uint64_t frequency = 0;
    bool tick = false;
};

// What the pid and USDT providers' probes share: the process (0: every process mapping the file)
// and the file as that process reaches it.
struct UserFile {
    uint64_t pid = 0;
    std::string path;
};

// pid provider probes: uprobes on one file.
struct UprobePlan : UserFile {
    uint64_t file_offset = 0;  // the function's (or the offset probe's) first instruction
    bool returns = false;      // a return probe
    // Return probes: (file offset, offset in the function) of each returning instruction, each
    // a uprobe (DTrace's form: arg0 is the site's offset).
    std::vector<std::pair<uint64_t, uint64_t>> return_sites;
    // Return probes: the kernel's return trampoline may serve this probe
    // (process/uretprobe_safety.h and the pid provider's rules): a return uprobe trapping at
    // entry_further. Used when no clause of the probe reads what only the returning instruction
    // knows (arg0, uregs[], the user stack), or when there are no return_sites (a function that
    // does not decode: arg0 0).
    bool return_uprobe = false;
    // Entry probes, and the trap of a return probe's return uprobe: where the uprobe goes
    // (process/entry_site.h). entry_exact lies past instructions that change no register,
    // entry_further past scratch-register arithmetic too (used when no clause of the probe
    // reads uregs[]); both are {file_offset, 0} when the entry stays at the first instruction.
    UprobeSite entry_exact, entry_further;
    // The site is a 5-byte NOP other than the function's first instruction, which a kernel
    // without Feature::UprobeNop5 would rewrite into a CALL writing into the red zone.
    bool nop5_site = false;
    // -lv: each uprobe site of the probe and the kernel's path there (process/uprobe_path.h).
    std::vector<std::string> site_paths;
};

// USDT probes: a uprobe on each call site, the arguments from the site's specs.
struct UsdtPlan : UserFile {
    std::vector<UsdtSite> sites;
};

// syscall provider probes: tp_btf on sys_enter (entry) or sys_exit (return), dispatched on the
// x86-64 system call number.
struct SyscallPlan {
    int32_t nr = -1;
    bool returns = false;
};

// sdt, proc, sched, io and fbt probes: a raw tracepoint (the cookie the probe id), or a kernel
// function's fentry/fexit (fbt), dispatched through the sdt table.
struct KernelPlan {
    KernelHook hook = KernelHook::Tracepoint;
    // The tracepoint's argument count (fbt: the context's argument slots, the return value's
    // included for Fexit).
    int32_t nargs = -1;
    // The tracepoint when it is not the probe's name (proc, sched, io); proc and sched: the
    // conditions on its arguments (all must hold), the other tracepoints the probe fires at,
    // and the task argument whose identity clauses take (>= 0: on-cpu).
    std::string tracepoint;
    ProbeGuard guard, guard2, guard3;
    std::vector<ProbeSite> also;
    int32_t identity_arg = -1;
};

using AttachPlan =
    std::variant<DtracePlan, ProfilePlan, UprobePlan, UsdtPlan, SyscallPlan, KernelPlan>;

// The program kind of a plan (the one place the plan's alternatives map to AttachKind).
AttachKind kind_of(const AttachPlan& plan);

// The pid or USDT probe's process and file; null for other plans.
inline const UserFile* user_file(const AttachPlan& plan) {
    if (const auto* u = std::get_if<UprobePlan>(&plan)) return u;
    if (const auto* u = std::get_if<UsdtPlan>(&plan)) return u;
    return nullptr;
}

// The kinds that attach as uprobes (one uprobe_multi link per file and process, the probe
// table's dispatch, pt_regs as the context).
inline bool is_uprobe_kind(AttachKind k) {
    return k == AttachKind::Uprobe || k == AttachKind::Uretprobe || k == AttachKind::Usdt;
}

}  // namespace bdtrace::probes
