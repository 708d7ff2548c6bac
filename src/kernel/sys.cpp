#include "kernel/sys.h"

#include <sys/syscall.h>

#include <cerrno>

namespace bdtrace::kernel::sys {

int bpf(int cmd, void* attr, unsigned size) {
    int rc = -1;
    for (int attempt = 0; attempt < 5; ++attempt) {
        rc = static_cast<int>(::syscall(__NR_bpf, cmd, attr, size));
        if (rc >= 0 || errno != EAGAIN || cmd != BPF_PROG_LOAD) break;
    }
    return rc;
}

int perf_event_open(perf_event_attr* attr, pid_t pid, int cpu, int group_fd, unsigned long flags) {
    return static_cast<int>(::syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags));
}

}  // namespace bdtrace::kernel::sys
