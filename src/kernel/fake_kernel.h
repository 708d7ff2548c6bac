// A kernel in memory, for tests and for the compiler's dry runs: maps hold their entries in the
// process, programs are recorded instead of verified, attachments are remembered while their Link
// lives, and ring-buffer records are pushed by the test. Errors go through the same classify() as
// the real kernel's, so messages read the same.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kernel/kernel.h"

namespace bdtrace::kernel {

class FakeKernel final : public Kernel {
  public:
    struct Options {
        int possible_cpus = 2;
        std::vector<int> online = {0, 1};
        // false: every bpf() and perf_event_open() fails with EPERM, as for a user without
        // CAP_BPF/CAP_PERFMON, and Feature::Bpf is unavailable for lack of privilege.
        bool privileged = true;
    };

    struct LoadedProgram {
        int fd;
        std::string name;
        ProgramType type;
        AttachType attach;
        std::vector<std::byte> insns;
        uint32_t attach_btf_id;
        std::vector<int> fd_array;
        uint32_t log_level;
    };

    struct Attachment {
        std::string what;  // as Link::describe()
        int program_fd;
        uint64_t cookie;
    };

    FakeKernel();
    explicit FakeKernel(Options options);
    ~FakeKernel() override;

    // The next call of `op` fails with `err` (and, for loads, that verifier log).
    void fail_next(Op op, int err, std::string verifier_log = {});
    // Features default to available ("fake kernel"); make one unavailable with a reason.
    void set_feature(Feature f, bool available, std::string reason = {});
    // attach_uprobe_multi() fails with 524 (ENOTSUPP) whenever this offset of `path` is asked
    // for, as the kernel does for an instruction it cannot probe.
    void refuse_uprobe_offset(std::string path, uint64_t offset);
    // vmlinux_type_id() invents a stable id for any name except the ones declared missing here.
    void remove_vmlinux_type(std::string name);
    // Map::update_batch() finds no batch command, as on a kernel before 5.6 (true), or takes
    // its batches (false, the default). map_batches(): how many batches were taken;
    // map_calls(op): how many single-entry lookups, updates, ... of maps were asked for.
    void refuse_map_batches(bool refused);
    size_t map_batches() const;
    size_t map_calls(Op op) const;
    // What Program::recursion_misses() of the program loaded as `fd` says from now on.
    void set_recursion_misses(int program_fd, uint64_t misses);

    const std::vector<LoadedProgram>& loaded_programs() const;
    std::vector<Attachment> attachments() const;  // links alive now
    size_t live_maps() const;
    size_t live_programs() const;
    // The programs run with test_run(), by fd, in order; each run returns 0.
    const std::vector<int>& test_runs() const;
    // Hands a record to the consumers of a RingBuf map; they see it at their next poll/consume.
    void push_record(const Map& ringbuf, std::span<const std::byte> data);

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
    Result<uint32_t> test_run(const Program& prog, std::span<const std::byte> ctx, int cpu) override;
    Result<std::unique_ptr<RingBuffer>> open_ring_buffer(const Map& map,
                                                         RecordCallback callback) override;
    Result<uint32_t> vmlinux_type_id(std::string_view name, BtfKind kind) override;
    Result<std::vector<int>> online_cpus() override;
    int possible_cpus() override;
    const FeatureStatus& feature(Feature f) override;

    struct State;

  private:
    std::shared_ptr<State> st_;
};

}  // namespace bdtrace::kernel
