// Attachments: perf events (profile, tick), raw tracepoints, tracing programs (tp_btf, fentry)
// and uprobe_multi links. Each is a Link that owns its fds; closing them detaches.
#include <sys/ioctl.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <system_error>
#include <thread>

#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

class FdLink final : public Link {
  public:
    FdLink(int fd, std::string what) : fd_(fd), what_(std::move(what)) {}
    std::string describe() const override { return what_; }

  private:
    sys::UniqueFd fd_;
    std::string what_;
};

// One BPF link per perf event. The links are closed before the events (member order).
class PerfLink final : public Link {
  public:
    explicit PerfLink(std::string what) : what_(std::move(what)) {}
    ~PerfLink() override {
        links_.clear();
        events_.clear();
    }
    std::string describe() const override { return what_; }

    std::vector<sys::UniqueFd> events_;
    std::vector<sys::UniqueFd> links_;

  private:
    std::string what_;
};

std::string cpu_list_text(const std::vector<int>& cpus) {
    std::string s;
    for (size_t i = 0; i < cpus.size(); ++i) {
        size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        if (!s.empty()) s += ",";
        s += std::to_string(cpus[i]);
        if (j > i) s += "-" + std::to_string(cpus[j]);
        i = j;
    }
    return s;
}

std::string read_sysctl(const char* path) {
    std::ifstream in(path);
    std::string v;
    in >> v;
    return v;
}

}  // namespace

Result<std::unique_ptr<Link>> RealKernel::attach_perf_event(const Program& prog,
                                                            const PerfEventSpec& spec) {
    std::vector<int> cpus;
    if (spec.cpu >= 0) {
        cpus.push_back(spec.cpu);
    } else {
        auto online = online_cpus();
        if (!online) return std::move(online).error();
        cpus = std::move(*online);
    }
    const bool freq = spec.clock == PerfEventSpec::Clock::Frequency;
    std::string what = "cpu-clock " +
                       (freq ? std::to_string(spec.value) + " Hz"
                             : "period " + std::to_string(spec.value) + " ns") +
                       " on cpu" + (cpus.size() > 1 ? "s " : " ") + cpu_list_text(cpus);
    auto link = std::make_unique<PerfLink>(what);
    for (int cpu : cpus) {
        perf_event_attr attr{};
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = PERF_COUNT_SW_CPU_CLOCK;
        if (freq) {
            attr.freq = 1;
            attr.sample_freq = spec.value;
        } else {
            attr.sample_period = spec.value;
        }
        attr.disabled = 1;  // enabled once the program is attached
        int pfd = sys::perf_event_open(&attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
        if (pfd < 0) {
            int err = errno;
            ErrorContext ctx = context("cpu-clock on cpu " + std::to_string(cpu));
            if (err == EINVAL && freq)
                ctx.detail = std::to_string(spec.value) +
                             " Hz; kernel.perf_event_max_sample_rate is " +
                             read_sysctl("/proc/sys/kernel/perf_event_max_sample_rate");
            if (err == EACCES || err == EPERM)
                ctx.detail = "kernel.perf_event_paranoid is " +
                             read_sysctl("/proc/sys/kernel/perf_event_paranoid");
            return classify(Op::PerfEventOpen, err, ctx);
        }
        link->events_.emplace_back(pfd);
        sys::LinkCreateAttr la{};
        la.prog_fd = static_cast<uint32_t>(prog.fd());
        la.target_fd = static_cast<uint32_t>(pfd);
        la.attach_type = BPF_PERF_EVENT;
        la.perf_event.bpf_cookie = spec.cookie;
        int lfd = sys::bpf(BPF_LINK_CREATE, &la, sizeof la);
        if (lfd < 0)
            return fail(Op::AttachPerfEvent, errno, "cpu-clock on cpu " + std::to_string(cpu));
        link->links_.emplace_back(lfd);
    }
    for (auto& ev : link->events_) {
        if (::ioctl(ev.get(), PERF_EVENT_IOC_ENABLE, 0) != 0)
            return fail(Op::AttachPerfEvent, errno, what);
    }
    return std::unique_ptr<Link>(std::move(link));
}

Result<std::unique_ptr<Link>> RealKernel::attach_raw_tracepoint(const Program& prog,
                                                                std::string_view name,
                                                                uint64_t cookie) {
    std::string tp(name);
    sys::RawTpOpenAttr attr{};
    attr.name = sys::ptr(tp.c_str());
    attr.prog_fd = static_cast<uint32_t>(prog.fd());
    attr.cookie = cookie;
    int fd = sys::bpf(BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof attr);
    if (fd < 0) {
        ErrorContext ctx = context(tp);
        ctx.with_cookie = cookie != 0;
        return classify(Op::AttachRawTracepoint, errno, ctx);
    }
    return std::unique_ptr<Link>(new FdLink(fd, "raw_tp " + tp));
}

Result<std::unique_ptr<Link>> RealKernel::attach_tracing(const Program& prog, uint64_t cookie) {
    std::string what;
    switch (prog.expected_attach()) {
        case AttachType::TraceRawTp:
            what = "tp_btf program";
            break;
        case AttachType::TraceFentry:
            what = "fentry program";
            break;
        case AttachType::TraceFexit:
            what = "fexit program";
            break;
        default:
            return usage_error(
                Op::AttachTracing,
                "program '" + prog.name() + "' was not loaded as tp_btf, fentry or fexit");
    }
    what += " '" + prog.name() + "'";
    sys::LinkCreateAttr la{};
    la.prog_fd = static_cast<uint32_t>(prog.fd());
    la.attach_type = bpf_attach_type_of(prog.expected_attach());
    la.tracing.cookie = cookie;
    int fd = sys::bpf(BPF_LINK_CREATE, &la, sizeof la);
    if (fd < 0 && errno == EINVAL && cookie == 0 &&
        prog.expected_attach() == AttachType::TraceRawTp) {
        // Before 6.10 tp_btf attaches only through BPF_RAW_TRACEPOINT_OPEN (name from BTF).
        sys::RawTpOpenAttr ra{};
        ra.prog_fd = static_cast<uint32_t>(prog.fd());
        fd = sys::bpf(BPF_RAW_TRACEPOINT_OPEN, &ra, offsetof(sys::RawTpOpenAttr, cookie));
    }
    if (fd < 0) return fail(Op::AttachTracing, errno, what);
    return std::unique_ptr<Link>(new FdLink(fd, what));
}

Result<std::unique_ptr<Link>> RealKernel::attach_uprobe_multi(const Program& prog,
                                                              const UprobeMultiSpec& spec) {
    const AttachType at = prog.expected_attach();
    if (prog.type() != ProgramType::Kprobe ||
        (at != AttachType::UprobeMulti && at != AttachType::UprobeSession))
        return usage_error(Op::AttachUprobeMulti,
                           "program '" + prog.name() + "' was not loaded for uprobe_multi");
    const size_t n = spec.offsets.size();
    if (n == 0 || (!spec.cookies.empty() && spec.cookies.size() != n) ||
        (!spec.ref_ctr_offsets.empty() && spec.ref_ctr_offsets.size() != n))
        return usage_error(Op::AttachUprobeMulti,
                           "uprobes on " + spec.path +
                               ": need at least one offset, and one cookie and ref_ctr offset "
                               "per offset when given");
    if (spec.retprobe && at == AttachType::UprobeSession)
        return usage_error(Op::AttachUprobeMulti,
                           "uprobe_session programs see entry and return: no retprobe flag");
    std::string what = spec.path + " (" + std::to_string(n) + (n == 1 ? " offset" : " offsets");
    if (spec.pid) what += ", pid " + std::to_string(spec.pid);
    what += ")";

    sys::LinkCreateAttr la{};
    la.prog_fd = static_cast<uint32_t>(prog.fd());
    la.attach_type = bpf_attach_type_of(at);
    la.uprobe_multi.path = sys::ptr(spec.path.c_str());
    la.uprobe_multi.offsets = sys::ptr(spec.offsets.data());
    if (!spec.ref_ctr_offsets.empty())
        la.uprobe_multi.ref_ctr_offsets = sys::ptr(spec.ref_ctr_offsets.data());
    if (!spec.cookies.empty()) la.uprobe_multi.cookies = sys::ptr(spec.cookies.data());
    la.uprobe_multi.cnt = static_cast<uint32_t>(n);
    la.uprobe_multi.flags = spec.retprobe ? sys::kUprobeMultiReturn : 0;
    la.uprobe_multi.pid = static_cast<uint32_t>(spec.pid);
    int fd = sys::bpf(BPF_LINK_CREATE, &la, sizeof la);
    if (fd < 0) return fail(Op::AttachUprobeMulti, errno, what);
    std::string kind = at == AttachType::UprobeSession ? "uprobe_session "
                       : spec.retprobe                 ? "uretprobe_multi "
                                                       : "uprobe_multi ";
    return std::unique_ptr<Link>(new FdLink(fd, kind + what));
}

// Link i goes in thread i % n (at most kDetachThreads); this thread takes the first share and
// the share of any thread that could not be started.
void RealKernel::detach_all(std::vector<std::unique_ptr<Link>>& links) {
    constexpr size_t kDetachThreads = 8;
    const size_t n = std::min(links.size(), kDetachThreads);
    auto share = [&links, n](size_t first) {
        for (size_t i = first; i < links.size(); i += n) links[i].reset();
    };
    std::vector<std::thread> closers;
    std::vector<size_t> here = {0};
    for (size_t t = 1; t < n; ++t) {
        try {
            closers.emplace_back(share, t);
        } catch (const std::system_error&) {
            here.push_back(t);
        }
    }
    for (size_t t : here) share(t);
    for (auto& c : closers) c.join();
    links.clear();
}

}  // namespace bdtrace::kernel
