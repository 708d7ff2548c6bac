// Raw system calls for what libbpf 1.1 and the 6.1 UAPI headers lack: program loads that report
// log_true_size, BPF_LINK_CREATE for uprobe_multi / uprobe_session / tp_btf cookies, and
// BPF_RAW_TRACEPOINT_OPEN with a cookie. The attribute layouts are spelled out here, checked
// against the kernel's union bpf_attr (include/uapi/linux/bpf.h, 6.18).
#pragma once

#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <sys/types.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace bdtrace::kernel::sys {

// Attach types newer than the installed headers.
inline constexpr uint32_t kAttachTraceUprobeMulti = 48;    // BPF_TRACE_UPROBE_MULTI
inline constexpr uint32_t kAttachTraceUprobeSession = 57;  // BPF_TRACE_UPROBE_SESSION
inline constexpr uint32_t kUprobeMultiReturn = 1;          // BPF_F_UPROBE_MULTI_RETURN
inline constexpr uint32_t kProgSleepable = 1u << 4;        // BPF_F_SLEEPABLE
inline constexpr int kENOTSUPP = 524;

// BPF_PROG_LOAD, through log_true_size (6.4).
struct ProgLoadAttr {
    uint32_t prog_type;
    uint32_t insn_cnt;
    uint64_t insns;
    uint64_t license;
    uint32_t log_level;
    uint32_t log_size;
    uint64_t log_buf;
    uint32_t kern_version;
    uint32_t prog_flags;
    char prog_name[16];
    uint32_t prog_ifindex;
    uint32_t expected_attach_type;
    uint32_t prog_btf_fd;
    uint32_t func_info_rec_size;
    uint64_t func_info;
    uint32_t func_info_cnt;
    uint32_t line_info_rec_size;
    uint64_t line_info;
    uint32_t line_info_cnt;
    uint32_t attach_btf_id;
    uint32_t attach_btf_obj_fd;
    uint32_t core_relo_cnt;
    uint64_t fd_array;
    uint64_t core_relos;
    uint32_t core_relo_rec_size;
    uint32_t log_true_size;  // out: the log size the kernel wanted (6.4+)
};
static_assert(offsetof(ProgLoadAttr, expected_attach_type) == 68);
static_assert(offsetof(ProgLoadAttr, attach_btf_id) == 108);
static_assert(offsetof(ProgLoadAttr, fd_array) == 120);
static_assert(offsetof(ProgLoadAttr, log_true_size) == 140);
static_assert(offsetof(ProgLoadAttr, fd_array) == offsetof(bpf_attr, fd_array));
static_assert(offsetof(ProgLoadAttr, core_relo_rec_size) == offsetof(bpf_attr, core_relo_rec_size));

// BPF_LINK_CREATE, with the target-specific part for the links bdtrace makes.
struct LinkCreateAttr {
    uint32_t prog_fd;
    uint32_t target_fd;
    uint32_t attach_type;
    uint32_t flags;
    union {
        struct {
            uint64_t bpf_cookie;
        } perf_event;
        struct {
            uint32_t target_btf_id;
            uint32_t pad;
            uint64_t cookie;  // 6.10+ for BPF_TRACE_RAW_TP
        } tracing;
        struct {
            uint64_t path;
            uint64_t offsets;
            uint64_t ref_ctr_offsets;
            uint64_t cookies;
            uint32_t cnt;
            uint32_t flags;
            uint32_t pid;
            uint32_t pad;
        } uprobe_multi;
    };
};
static_assert(offsetof(LinkCreateAttr, perf_event.bpf_cookie) == 16);
static_assert(offsetof(LinkCreateAttr, tracing.cookie) == 24);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.path) == 16);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.offsets) == 24);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.ref_ctr_offsets) == 32);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.cookies) == 40);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.cnt) == 48);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.flags) == 52);
static_assert(offsetof(LinkCreateAttr, uprobe_multi.pid) == 56);
static_assert(sizeof(LinkCreateAttr) == 64);

// BPF_RAW_TRACEPOINT_OPEN; the cookie is 6.10+.
struct RawTpOpenAttr {
    uint64_t name;
    uint32_t prog_fd;
    uint32_t pad;
    uint64_t cookie;
};
static_assert(offsetof(RawTpOpenAttr, cookie) == 16);

// bpf(2). Returns the result (an fd or 0), or -1 with errno set. Retries EAGAIN a few times as
// the kernel asks for program loads interrupted by signals.
int bpf(int cmd, void* attr, unsigned size);

int perf_event_open(perf_event_attr* attr, pid_t pid, int cpu, int group_fd, unsigned long flags);

// An owned file descriptor.
class UniqueFd {
  public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) : fd_(fd) {}
    UniqueFd(UniqueFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
    UniqueFd& operator=(UniqueFd&& o) noexcept {
        if (this != &o) {
            reset();
            fd_ = std::exchange(o.fd_, -1);
        }
        return *this;
    }
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    ~UniqueFd() { reset(); }

    int get() const { return fd_; }
    bool valid() const { return fd_ >= 0; }
    int release() { return std::exchange(fd_, -1); }
    void reset(int fd = -1) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

  private:
    int fd_ = -1;
};

inline uint64_t ptr(const void* p) {
    return reinterpret_cast<uintptr_t>(p);
}

}  // namespace bdtrace::kernel::sys
