// What this kernel lets bdtrace do, found by loading and attaching tiny programs (libbpf 1.1's and
// bpftool's probes are wrong on this kernel: see shared/reference/kernel.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace bdtrace::kernel {

enum class Feature : uint8_t {
    Bpf,             // bpf() works and we may load tracing programs (CAP_BPF + CAP_PERFMON)
    RingBuf,         // BPF_MAP_TYPE_RINGBUF
    PerfCpuClock,    // software cpu-clock perf events with a BPF link (profile, tick)
    RawTpCookie,     // BPF_RAW_TRACEPOINT_OPEN with a cookie (6.10)
    TpBtf,           // BPF_PROG_TYPE_TRACING + BPF_TRACE_RAW_TP
    UprobeMulti,     // BPF_TRACE_UPROBE_MULTI links (6.6)
    UprobeSession,   // BPF_TRACE_UPROBE_SESSION links (6.13)
    Fentry,          // BPF_TRACE_FENTRY (fbt)
    ProbeWriteUser,  // bpf_probe_write_user (copyout)
    SendSignal,      // bpf_send_signal (raise, stop)
    TaskStorage,     // BPF_MAP_TYPE_TASK_STORAGE with bpf_task_storage_get (self->)
    // A uprobe on a 5-byte NOP leaves the stack below %rsp (the x86-64 red zone) alone. Linux
    // 6.18 turns such a uprobe into a CALL to its [uprobes-trampoline] page after the first hit,
    // and the CALL writes a return address at -8(%rsp): a leaf function's locals there change.
    // Found by running such a site in a child process (nop5_probe.cpp); probed only when a
    // probe's site is such a NOP inside a function.
    UprobeNop5,
};
inline constexpr size_t kFeatureCount = 12;

std::string_view feature_name(Feature f);  // "uprobe_multi", "fentry", ...

struct FeatureStatus {
    bool available = false;
    // Available: what was tried ("uprobe_multi link on /proc/self/exe"). Unavailable: the line
    // to show the user, e.g. "fbt unavailable: kernel forbids fentry (EPERM)".
    std::string reason;
    // Unavailable because of missing privileges rather than the kernel.
    bool privilege = false;
    double probe_ms = 0;  // time spent probing this feature
};

struct Features {
    std::array<FeatureStatus, kFeatureCount> status;
    double total_ms = 0;  // wall time of the features() call that made this (0 if all cached)

    const FeatureStatus& operator[](Feature f) const { return status[static_cast<size_t>(f)]; }
    FeatureStatus& operator[](Feature f) { return status[static_cast<size_t>(f)]; }
    bool has(Feature f) const { return (*this)[f].available; }
    // One line per feature: "uprobe_multi     yes  uprobe_multi link on /proc/self/exe".
    std::string describe() const;
};

}  // namespace bdtrace::kernel
