// open_kernel(), process facts (capabilities, CPUs) and the kernel's own BTF.
#include "kernel/real_kernel.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/btf.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdarg>
#include <fstream>
#include <sstream>
#include <thread>

namespace bdtrace::kernel {

namespace {

// libbpf prints its warnings on stderr; stages never print, and every failure reaches the user
// through our own Error instead.
int quiet_libbpf(enum libbpf_print_level, const char*, va_list) {
    return 0;
}

constexpr int kCapSysAdmin = 21;
constexpr int kCapPerfmon = 38;
constexpr int kCapBpf = 39;

bool have_bpf_capabilities() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("CapEff:", 0) != 0) continue;
        uint64_t caps = std::stoull(line.substr(7), nullptr, 16);
        auto has = [&](int cap) { return (caps >> cap) & 1; };
        return has(kCapSysAdmin) || (has(kCapBpf) && has(kCapPerfmon));
    }
    return false;
}

uint32_t btf_kind_of(BtfKind k) {
    switch (k) {
        case BtfKind::Int:
            return BTF_KIND_INT;
        case BtfKind::Struct:
            return BTF_KIND_STRUCT;
        case BtfKind::Union:
            return BTF_KIND_UNION;
        case BtfKind::Typedef:
            return BTF_KIND_TYPEDEF;
        case BtfKind::Func:
            return BTF_KIND_FUNC;
        case BtfKind::Enum:
            return BTF_KIND_ENUM;
    }
    return BTF_KIND_UNKN;
}

}  // namespace

std::string kernel_object_name(std::string_view name) {
    std::string out;
    for (char c : name) {
        if (out.size() == 15) break;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '.';
        out += ok ? c : '_';
    }
    return out;
}

RealKernel::RealKernel(std::shared_ptr<const kbtf::Vmlinux> vmlinux)
    : vmlinux_(std::move(vmlinux)) {
    ::libbpf_set_print(&quiet_libbpf);
    // RLIMIT_MEMLOCK: libbpf 1.1 raises it (and needs CAP_SYS_RESOURCE, which root lacks on
    // some machines) only when the kernel has no memcg accounting of BPF memory (before 5.11),
    // and ignores a failure. Its switch, libbpf_set_memlock_rlim, is not exported by 1.1.
    int n = ::libbpf_num_possible_cpus();
    ncpus_ = n > 0 ? n : static_cast<int>(::sysconf(_SC_NPROCESSORS_CONF));
    have_caps_ = have_bpf_capabilities();
}

RealKernel::~RealKernel() = default;

ErrorContext RealKernel::context(std::string subject) const {
    ErrorContext ctx;
    ctx.subject = std::move(subject);
    ctx.have_bpf_caps = have_caps_;
    return ctx;
}

Result<std::vector<int>> RealKernel::online_cpus() {
    std::ifstream in("/sys/devices/system/cpu/online");
    std::string text;
    if (!in || !std::getline(in, text)) return fail(Op::ReadCpus, errno ? errno : EIO, "");
    std::vector<int> cpus;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ',')) {
        if (part.empty()) continue;
        size_t dash = part.find('-');
        try {
            int lo = std::stoi(part.substr(0, dash));
            int hi = dash == std::string::npos ? lo : std::stoi(part.substr(dash + 1));
            for (int c = lo; c <= hi; ++c) cpus.push_back(c);
        } catch (const std::exception&) {
            return fail(Op::ReadCpus, EINVAL, "");
        }
    }
    if (cpus.empty()) return fail(Op::ReadCpus, EINVAL, "");
    return cpus;
}

// The kernel's BTF is mapped, not parsed (raw_btf.h): a tp_btf program's attach id costs a walk
// over the type records instead of libbpf's copy and index of the whole file.
Result<uint32_t> RealKernel::vmlinux_type_id(std::string_view name, BtfKind kind) {
    const kbtf::RawBtf* btf = vmlinux_->raw();
    if (!btf) return fail(Op::VmlinuxBtf, ENOENT, std::string(name));
    auto id = btf->find(name, btf_kind_of(kind));
    if (!id) return fail(Op::VmlinuxBtf, ESRCH, std::string(name));
    return *id;
}

const FeatureStatus& RealKernel::feature(Feature f) {
    auto& slot = features_[static_cast<size_t>(f)];
    if (!slot) {
        if (f != Feature::Bpf) feature(Feature::Bpf);  // every probe needs it; timed apart
        auto t0 = std::chrono::steady_clock::now();
        FeatureStatus s = probe_feature(*this, f);
        // The first probe that needs vmlinux BTF (tp_btf, fentry) also pays for parsing it.
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count();
        s.probe_ms = ms;
        slot = std::move(s);
    }
    return *slot;
}

Features RealKernel::features() {
    auto t0 = std::chrono::steady_clock::now();
    feature(Feature::Bpf);
    std::thread uprobes([this] {
        feature(Feature::UprobeMulti);
        feature(Feature::UprobeSession);
    });
    for (size_t i = 0; i < kFeatureCount; ++i) {
        auto f = static_cast<Feature>(i);
        if (f != Feature::UprobeMulti && f != Feature::UprobeSession) feature(f);
    }
    uprobes.join();
    Features all = Kernel::features();  // all remembered now: collects them
    all.total_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return all;
}

std::unique_ptr<Kernel> open_kernel(std::shared_ptr<const kbtf::Vmlinux> vmlinux) {
    if (!vmlinux) vmlinux = std::make_shared<kbtf::Vmlinux>();
    return std::make_unique<RealKernel>(std::move(vmlinux));
}

}  // namespace bdtrace::kernel
