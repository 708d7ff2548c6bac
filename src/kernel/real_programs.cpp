// BPF_PROG_LOAD with the verifier log. Raw bpf() rather than libbpf 1.1's bpf_prog_load: we need
// log_true_size (6.4) to size the retry after ENOSPC, and none of libbpf's silent retries.
#include <bpf/bpf.h>

#include <cerrno>
#include <cstring>

#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

class RealProgram final : public Program {
  public:
    RealProgram(int fd, std::string name, ProgramType type, AttachType attach, std::string log)
        : Program(std::move(name), type, attach, std::move(log)), fd_(fd) {}
    int fd() const override { return fd_.get(); }
    uint64_t recursion_misses() const override {
        struct bpf_prog_info info;
        std::memset(&info, 0, sizeof info);
        uint32_t len = sizeof info;
        return bpf_obj_get_info_by_fd(fd_.get(), &info, &len) == 0 ? info.recursion_misses : 0;
    }

  private:
    sys::UniqueFd fd_;
};

// The kernel caps log_size at UINT32_MAX >> 2; we stop well before that.
constexpr uint32_t kMaxLog = 256u << 20;

struct Attempt {
    int fd = -1;
    int err = 0;
    std::string log;
};

// Loads once with `level` (0: no log), growing the log buffer while the kernel says ENOSPC. A
// truncated log makes even a valid program fail with ENOSPC, so the retry is needed either way.
Attempt load_once(sys::ProgLoadAttr attr, uint32_t level, uint32_t size) {
    Attempt a;
    std::string buf;
    for (;;) {
        attr.log_level = level;
        attr.log_true_size = 0;
        if (level) {
            buf.assign(size, '\0');
            attr.log_buf = sys::ptr(buf.data());
            attr.log_size = size;
        } else {
            attr.log_buf = 0;
            attr.log_size = 0;
        }
        a.fd = sys::bpf(BPF_PROG_LOAD, &attr, sizeof attr);
        a.err = a.fd < 0 ? errno : 0;
        if (a.fd >= 0 || a.err != ENOSPC || level == 0 || size >= kMaxLog) break;
        uint32_t want = attr.log_true_size > size ? attr.log_true_size : size * 4;
        size = want > kMaxLog ? kMaxLog : want;
    }
    if (level) {
        buf.resize(std::strlen(buf.c_str()));
        a.log = std::move(buf);
    }
    return a;
}

}  // namespace

uint32_t bpf_prog_type_of(ProgramType t) {
    switch (t) {
        case ProgramType::Kprobe:
            return BPF_PROG_TYPE_KPROBE;
        case ProgramType::Tracepoint:
            return BPF_PROG_TYPE_TRACEPOINT;
        case ProgramType::RawTracepoint:
            return BPF_PROG_TYPE_RAW_TRACEPOINT;
        case ProgramType::PerfEvent:
            return BPF_PROG_TYPE_PERF_EVENT;
        case ProgramType::Tracing:
            return BPF_PROG_TYPE_TRACING;
    }
    return BPF_PROG_TYPE_UNSPEC;
}

uint32_t bpf_attach_type_of(AttachType t) {
    switch (t) {
        case AttachType::Unspecified:
            return 0;
        case AttachType::PerfEvent:
            return BPF_PERF_EVENT;
        case AttachType::TraceRawTp:
            return BPF_TRACE_RAW_TP;
        case AttachType::TraceFentry:
            return BPF_TRACE_FENTRY;
        case AttachType::TraceFexit:
            return BPF_TRACE_FEXIT;
        case AttachType::UprobeMulti:
            return sys::kAttachTraceUprobeMulti;
        case AttachType::UprobeSession:
            return sys::kAttachTraceUprobeSession;
    }
    return 0;
}

Result<std::unique_ptr<Program>> RealKernel::load_program(const ProgramSpec& spec) {
    std::string name = kernel_object_name(spec.name);
    if (spec.insns.empty() || spec.insns.size() % sizeof(bpf_insn) != 0)
        return usage_error(Op::ProgLoad, "program '" + name + "' has " +
                                             std::to_string(spec.insns.size()) +
                                             " bytes of instructions, not a multiple of 8");
    if (!spec.func_info.empty() && !spec.btf)
        return usage_error(Op::ProgLoad, "program '" + name + "' has func_info but no BTF");

    sys::ProgLoadAttr attr{};
    attr.prog_type = bpf_prog_type_of(spec.type);
    attr.insn_cnt = static_cast<uint32_t>(spec.insns.size() / sizeof(bpf_insn));
    attr.insns = sys::ptr(spec.insns.data());
    attr.license = sys::ptr(spec.license.c_str());
    attr.prog_flags = spec.sleepable ? sys::kProgSleepable : 0;
    std::memcpy(attr.prog_name, name.c_str(), name.size());
    attr.expected_attach_type = bpf_attach_type_of(spec.expected_attach);
    attr.attach_btf_id = spec.attach_btf_id;
    if (!spec.fd_array.empty()) attr.fd_array = sys::ptr(spec.fd_array.data());
    if (spec.btf) {
        attr.prog_btf_fd = static_cast<uint32_t>(spec.btf->fd());
        if (!spec.func_info.empty()) {
            attr.func_info_rec_size = sizeof(FuncInfo);
            attr.func_info = sys::ptr(spec.func_info.data());
            attr.func_info_cnt = static_cast<uint32_t>(spec.func_info.size());
        }
    }

    Attempt a;
    if (spec.log_level == 0) {
        a = load_once(attr, 0, 0);
        // Without privileges a second load would only say the same.
        if (a.fd < 0 && !(a.err == EPERM && !have_caps_)) {
            Attempt logged = load_once(attr, 1, 64 * 1024);
            if (logged.fd >= 0) {  // passed the second time (a transient failure): keep it
                a = std::move(logged);
                a.log.clear();
            } else {
                a.log = std::move(logged.log);  // a.err stays the first load's errno
            }
        }
    } else {
        a = load_once(attr, spec.log_level, 1u << 20);
    }
    if (a.fd >= 0)
        return std::unique_ptr<Program>(new RealProgram(a.fd, std::move(name), spec.type,
                                                        spec.expected_attach, std::move(a.log)));
    ErrorContext ctx = context(name);
    ctx.verifier_log = std::move(a.log);
    return classify(Op::ProgLoad, a.err, ctx);
}

Result<uint32_t> RealKernel::test_run(const Program& prog, std::span<const std::byte> ctx, int cpu) {
    LIBBPF_OPTS(bpf_test_run_opts, opts);
    if (cpu >= 0) {
        opts.flags = BPF_F_TEST_RUN_ON_CPU;
        opts.cpu = static_cast<uint32_t>(cpu);
    }
    if (!ctx.empty()) {
        opts.ctx_in = ctx.data();
        opts.ctx_size_in = static_cast<uint32_t>(ctx.size());
    }
    if (::bpf_prog_test_run_opts(prog.fd(), &opts) != 0)
        return fail(Op::ProgTestRun, errno, prog.name());
    return opts.retval;
}

}  // namespace bdtrace::kernel
