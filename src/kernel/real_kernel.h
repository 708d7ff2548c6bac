// The real kernel: libbpf 1.1 for maps, BTF and the ring buffer; raw bpf() where libbpf lacks
// the operation (sys.h). Private to src/kernel/.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "btf/vmlinux.h"
#include "kernel/kernel.h"
#include "kernel/sys.h"

struct btf;

namespace bdtrace::kernel {

class RealKernel final : public Kernel {
  public:
    // `vmlinux`: the kernel's BTF, owned by the consumer (btf/vmlinux.h).
    explicit RealKernel(std::shared_ptr<const kbtf::Vmlinux> vmlinux);
    ~RealKernel() override;

    Result<std::unique_ptr<Map>> create_map(const MapSpec& spec) override;
    Result<std::unique_ptr<BtfObject>> load_btf(std::span<const std::byte> raw) override;
    Result<std::unique_ptr<Program>> load_program(const ProgramSpec& spec) override;
    Result<std::unique_ptr<Link>> attach_perf_event(const Program& prog,
                                                    const PerfEventSpec& spec) override;
    Result<std::unique_ptr<Link>> attach_raw_tracepoint(const Program& prog, std::string_view name,
                                                        uint64_t cookie) override;
    Result<std::unique_ptr<Link>> attach_tracing(const Program& prog, uint64_t cookie) override;
    Result<std::unique_ptr<Link>> attach_uprobe_multi(const Program& prog,
                                                      const UprobeMultiSpec& spec) override;
    void detach_all(std::vector<std::unique_ptr<Link>>& links) override;
    Result<uint32_t> test_run(const Program& prog, std::span<const std::byte> ctx, int cpu) override;
    Result<std::unique_ptr<RingBuffer>> open_ring_buffer(const Map& map,
                                                         RecordCallback callback) override;
    Result<uint32_t> vmlinux_type_id(std::string_view name, BtfKind kind) override;
    Result<std::vector<int>> online_cpus() override;
    int possible_cpus() override { return ncpus_; }
    const FeatureStatus& feature(Feature f) override;
    // Probes the uprobe features on a second thread: their attach waits for an RCU grace period
    // (the uprobe registration takes a per-CPU rwsem for writing), the rest parse vmlinux BTF.
    Features features() override;

    // The classifier's context for this process (capabilities), with a subject.
    ErrorContext context(std::string subject) const;
    Error fail(Op op, int err, std::string subject) const {
        return classify(op, err, context(std::move(subject)));
    }

  private:
    std::shared_ptr<const kbtf::Vmlinux> vmlinux_;
    int ncpus_ = 1;
    bool have_caps_ = false;
    std::array<std::optional<FeatureStatus>, kFeatureCount> features_;
};

// Map and program names the kernel accepts: [A-Za-z0-9_.], at most 15 characters.
std::string kernel_object_name(std::string_view name);

// The numeric BPF_* values of our enums.
uint32_t bpf_prog_type_of(ProgramType t);
uint32_t bpf_attach_type_of(AttachType t);

// Feature probes, written against the Kernel interface (feature_probe.cpp).
FeatureStatus probe_feature(Kernel& k, Feature f);
// Feature::UprobeNop5: a uprobe on a 5-byte NOP in a child process of ours (nop5_probe.cpp).
FeatureStatus probe_uprobe_nop5(Kernel& k);

}  // namespace bdtrace::kernel
