// The kernel behind one interface. Everything bdtrace asks of the kernel (maps, program loads,
// attachments, the ring buffer, feature detection, vmlinux BTF ids, CPU lists) goes through
// `Kernel`; open_kernel() returns the real one and FakeKernel (fake_kernel.h, built into the
// tests' bdtrace_test_support library, not shipped) stands in for it in tests.
//
// Ownership: every kernel object is an RAII handle (Map, Program, Link, RingBuffer, MappedRegion,
// BtfObject). Destroying the handle closes the fd, which detaches or frees the object. A Link keeps
// its program attached even after the Program handle is destroyed; a RingBuffer or MappedRegion
// must not outlive the Map it came from.
//
// Errors never throw: every operation returns Result<T> (result.h) with a one-line message.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernel/features.h"
#include "kernel/result.h"

namespace bdtrace::kbtf {
class Vmlinux;
}

namespace bdtrace::kernel {

// ---- byte views -------------------------------------------------------------------------------

template <class T>
std::span<const std::byte> bytes_of(const T& v) {
    return std::as_bytes(std::span<const T, 1>(&v, 1));
}
template <class T>
std::span<std::byte> writable_bytes_of(T& v) {
    return std::as_writable_bytes(std::span<T, 1>(&v, 1));
}

// ---- maps -------------------------------------------------------------------------------------

enum class MapType : uint8_t {
    Array,
    PercpuArray,
    Hash,
    PercpuHash,
    LruHash,
    LruPercpuHash,
    RingBuf,
    TaskStorage,
    StackTrace,
};
std::string_view map_type_name(MapType t);
bool is_percpu(MapType t);

// BPF_F_* map flags the runtime uses.
inline constexpr uint32_t kMapNoPrealloc = 1u << 0;    // BPF_F_NO_PREALLOC
inline constexpr uint32_t kMapRdonlyProg = 1u << 7;    // BPF_F_RDONLY_PROG
inline constexpr uint32_t kMapMmapable = 1u << 10;     // BPF_F_MMAPABLE (arrays only)
inline constexpr uint32_t kMapStackBuildId = 1u << 5;  // BPF_F_STACK_BUILD_ID

struct MapSpec {
    MapType type = MapType::Array;
    std::string name;  // up to 15 characters are kept; others than [A-Za-z0-9_.] become _
    uint32_t key_size = 4;
    uint32_t value_size = 8;
    uint32_t max_entries = 1;  // RingBuf: bytes, rounded up to a power of two >= the page size
    uint32_t flags = 0;
    // TaskStorage: key_size is 4, max_entries 0 and BPF_F_NO_PREALLOC, whatever is given here;
    // the BTF the kernel requires for it is built and loaded internally.
};

enum class UpdateMode : uint8_t { Any, NoExist, Exist };  // BPF_ANY, BPF_NOEXIST, BPF_EXIST

// A mapping of an mmapable array's values (global variables). Writes are seen by BPF at once.
class MappedRegion {
  public:
    virtual ~MappedRegion() = default;
    virtual std::byte* data() = 0;
    virtual size_t size() const = 0;
};

class Map {
  public:
    virtual ~Map() = default;
    const MapSpec& spec() const { return spec_; }
    const std::string& name() const { return spec_.name; }
    virtual int fd() const = 0;

    // Per-CPU maps: the value is possible_cpus() slots of round_up(value_size, 8) bytes each.
    uint32_t percpu_stride() const { return (spec_.value_size + 7) & ~7u; }
    size_t value_buffer_size() const;

    // Returns false when the key is absent. `value` must hold value_buffer_size() bytes.
    virtual Result<bool> lookup(std::span<const std::byte> key, std::span<std::byte> value) = 0;
    virtual Result<void> update(std::span<const std::byte> key, std::span<const std::byte> value,
                                UpdateMode mode = UpdateMode::Any) = 0;
    // Many updates in one BPF_MAP_UPDATE_BATCH: keys.size() / key_size entries, their keys packed
    // one after the other in `keys`, their values (value_buffer_size() bytes each) in `values`.
    // Where the kernel refuses the command (before Linux 5.6, or a map type without it), the
    // entries it did not write are updated one by one.
    Result<void> update_batch(std::span<const std::byte> keys, std::span<const std::byte> values,
                              UpdateMode mode = UpdateMode::Any);
    // Returns false when the key was absent.
    virtual Result<bool> remove(std::span<const std::byte> key) = 0;
    // The key after `key` (the first key when `key` is empty). Returns false at the end.
    virtual Result<bool> next_key(std::span<const std::byte> key, std::span<std::byte> next) = 0;
    // Maps an array created with kMapMmapable.
    virtual Result<std::unique_ptr<MappedRegion>> mmap() = 0;
    // BPF_MAP_FREEZE: user space can no longer write (programs still can, unless RDONLY_PROG).
    virtual Result<void> freeze() = 0;

  protected:
    // update_batch's one call: `count` entries, sizes checked. Returns how many the kernel wrote
    // before it refused the command itself (count when it took them all); an error otherwise.
    // The default offers no batch: 0.
    virtual Result<size_t> try_update_batch(std::span<const std::byte> keys,
                                            std::span<const std::byte> values, size_t count,
                                            UpdateMode mode);
    explicit Map(MapSpec spec, int possible_cpus) : spec_(std::move(spec)), ncpus_(possible_cpus) {}
    MapSpec spec_;
    int ncpus_;
};

// ---- BTF --------------------------------------------------------------------------------------

// A BTF blob loaded into the kernel (for program func_info, or a map's key/value types).
class BtfObject {
  public:
    virtual ~BtfObject() = default;
    virtual int fd() const = 0;
};

enum class BtfKind : uint8_t { Int, Struct, Union, Typedef, Func, Enum };

// ---- programs ---------------------------------------------------------------------------------

enum class ProgramType : uint8_t {
    Kprobe,         // BPF_PROG_TYPE_KPROBE: uprobe_multi, uprobe_session, perf uprobes
    Tracepoint,     // BPF_PROG_TYPE_TRACEPOINT
    RawTracepoint,  // BPF_PROG_TYPE_RAW_TRACEPOINT
    PerfEvent,      // BPF_PROG_TYPE_PERF_EVENT
    Tracing,        // BPF_PROG_TYPE_TRACING: tp_btf, fentry, fexit
};
std::string_view program_type_name(ProgramType t);

enum class AttachType : uint8_t {
    Unspecified,
    PerfEvent,      // BPF_PERF_EVENT
    TraceRawTp,     // BPF_TRACE_RAW_TP (tp_btf; needs attach_btf_id of btf_trace_<name>)
    TraceFentry,    // BPF_TRACE_FENTRY (needs attach_btf_id of the function)
    TraceFexit,     // BPF_TRACE_FEXIT
    UprobeMulti,    // BPF_TRACE_UPROBE_MULTI (48)
    UprobeSession,  // BPF_TRACE_UPROBE_SESSION (57)
};

struct FuncInfo {  // struct bpf_func_info
    uint32_t insn_off;
    uint32_t type_id;
};

struct ProgramSpec {
    ProgramType type = ProgramType::RawTracepoint;
    AttachType expected_attach = AttachType::Unspecified;
    std::string name;                  // up to 15 characters are kept
    std::span<const std::byte> insns;  // encoded struct bpf_insn, 8 bytes each
    std::string license = "GPL";
    uint32_t attach_btf_id = 0;  // Tracing programs: the vmlinux BTF type id
    bool sleepable = false;      // BPF_F_SLEEPABLE
    // Maps referenced by BPF_PSEUDO_MAP_IDX / BPF_PSEUDO_MAP_IDX_VALUE ld_imm64 instructions: the
    // instruction's imm indexes this array. Lets the code generator emit programs that do not
    // depend on fd numbers.
    std::vector<int> fd_array;
    const BtfObject* btf = nullptr;  // with func_info
    std::span<const FuncInfo> func_info;
    // 0: the verifier log is captured only when the load fails (the load is retried with level
    // 1 to get it). 1 or 2 (or | 4 for statistics): captured always, also on success.
    uint32_t log_level = 0;
};

class Program {
  public:
    virtual ~Program() = default;
    virtual int fd() const = 0;
    const std::string& name() const { return name_; }
    ProgramType type() const { return type_; }
    AttachType expected_attach() const { return attach_; }
    // The verifier log of a successful load with log_level > 0; empty otherwise.
    const std::string& verifier_log() const { return log_; }
    // How often the kernel did not run the program because it was already running on that CPU
    // (bpf_prog_info's recursion_misses: a tracepoint fired inside it, in an interrupt); 0 when
    // the kernel cannot say.
    virtual uint64_t recursion_misses() const = 0;

  protected:
    Program(std::string name, ProgramType type, AttachType attach, std::string log)
        : name_(std::move(name)), type_(type), attach_(attach), log_(std::move(log)) {}
    std::string name_;
    ProgramType type_;
    AttachType attach_;
    std::string log_;
};

// ---- attachments ------------------------------------------------------------------------------

// An attached program. Destroying it detaches (closes the link and any perf event fds).
class Link {
  public:
    virtual ~Link() = default;
    // "cpu-clock period 1000000 ns on cpus 0-1", "raw_tp sys_enter", ...
    virtual std::string describe() const = 0;
};

struct PerfEventSpec {
    enum class Clock : uint8_t { Frequency, PeriodNs };
    Clock clock = Clock::Frequency;  // profile-N: Frequency N Hz; tick-N: PeriodNs 1e9/N
    uint64_t value = 997;
    int cpu = -1;         // -1: every online CPU; otherwise that CPU only
    uint64_t cookie = 0;  // bpf_get_attach_cookie()
};

struct UprobeMultiSpec {
    std::string path;                       // the ELF file
    std::vector<uint64_t> offsets;          // file offsets, not virtual addresses
    std::vector<uint64_t> ref_ctr_offsets;  // empty, or one per offset (USDT semaphores)
    std::vector<uint64_t> cookies;          // empty, or one per offset
    bool retprobe = false;                  // BPF_F_UPROBE_MULTI_RETURN (not with UprobeSession)
    pid_t pid = 0;                          // 0: every process mapping the file
};

// ---- ring buffer ------------------------------------------------------------------------------

using RecordCallback = std::function<void(const void* data, size_t size)>;

class RingBuffer {
  public:
    virtual ~RingBuffer() = default;
    // Waits up to timeout_ms (-1: forever, 0: not at all) and delivers every available record.
    // Returns the number of records delivered; a signal ends the wait with 0 records.
    virtual Result<int> poll(int timeout_ms) = 0;
    // Delivers the available records without waiting.
    virtual Result<int> consume() = 0;
    // Readable when records are waiting: add it to your own epoll/poll set, then call consume().
    virtual int epoll_fd() const = 0;
    // At most this many records per poll() or consume() (0: no limit, the default), so that a
    // producer faster than the consumer cannot keep one call from returning.
    virtual void set_batch_limit(size_t records) = 0;
};

// ---- the kernel -------------------------------------------------------------------------------

class Kernel {
  public:
    virtual ~Kernel() = default;

    virtual Result<std::unique_ptr<Map>> create_map(const MapSpec& spec) = 0;
    virtual Result<std::unique_ptr<BtfObject>> load_btf(std::span<const std::byte> raw) = 0;
    virtual Result<std::unique_ptr<Program>> load_program(const ProgramSpec& spec) = 0;

    virtual Result<std::unique_ptr<Link>> attach_perf_event(const Program& prog,
                                                            const PerfEventSpec& spec) = 0;
    // BPF_PROG_TYPE_RAW_TRACEPOINT on a tracepoint by name ("sys_enter", "sched_switch").
    // A nonzero cookie needs Linux 6.10 (Feature::RawTpCookie).
    virtual Result<std::unique_ptr<Link>> attach_raw_tracepoint(const Program& prog,
                                                                std::string_view name,
                                                                uint64_t cookie) = 0;
    // A Tracing program (tp_btf, fentry, fexit) at the BTF id it was loaded with.
    virtual Result<std::unique_ptr<Link>> attach_tracing(const Program& prog, uint64_t cookie) = 0;
    // A Kprobe program loaded with AttachType::UprobeMulti or UprobeSession.
    virtual Result<std::unique_ptr<Link>> attach_uprobe_multi(const Program& prog,
                                                              const UprobeMultiSpec& spec) = 0;

    // Releases every link of `links` (and empties it). The real kernel closes them from a few
    // threads at once: the release of each uprobe link waits out an RCU grace period (~16 ms
    // on this machine), and waits that overlap cost one. Others release them one by one.
    virtual void detach_all(std::vector<std::unique_ptr<Link>>& links) { links.clear(); }

    // BPF_PROG_TEST_RUN: runs a program once on this CPU with `ctx` as its context (for a raw
    // tracepoint program, its u64 arguments) and returns the program's return value. DTrace's
    // BEGIN and END clauses run this way; they have no event. `cpu` >= 0: on that CPU instead
    // (BPF_F_TEST_RUN_ON_CPU, raw tracepoint programs), for -x cpu.
    virtual Result<uint32_t> test_run(const Program& prog, std::span<const std::byte> ctx, int cpu) = 0;

    // `map` must be a RingBuf map and must outlive the consumer.
    virtual Result<std::unique_ptr<RingBuffer>> open_ring_buffer(const Map& map,
                                                                 RecordCallback callback) = 0;

    // The id of a type in the running kernel's BTF (/sys/kernel/btf/vmlinux), loaded on first use.
    virtual Result<uint32_t> vmlinux_type_id(std::string_view name, BtfKind kind) = 0;
    // attach_btf_id for a tp_btf program: the id of typedef btf_trace_<tracepoint>.
    Result<uint32_t> tracepoint_btf_id(std::string_view tracepoint);

    // /sys/devices/system/cpu/online, as a sorted list.
    virtual Result<std::vector<int>> online_cpus() = 0;
    // libbpf_num_possible_cpus(): the number of slots in a per-CPU map value.
    virtual int possible_cpus() = 0;

    // Feature detection by loading and attaching tiny programs. Each feature is probed on first
    // request and remembered; features() probes them all.
    virtual const FeatureStatus& feature(Feature f) = 0;
    virtual Features features();
};

// attach_uprobe_multi, except that offsets whose instruction the kernel refuses to probe
// (errno 524, e.g. a LOCK-prefixed first instruction) do not fail the whole attachment: on 524
// the offsets are bisected, the accepted ones attached (in as many links as it takes, owned by
// the one Link returned) and the indexes of the refused ones appended to `refused`. Any other
// error fails as before. The caller should still pre-decode instructions: each bisection step
// costs an attach attempt.
Result<std::unique_ptr<Link>> attach_uprobe_multi_skipping(Kernel& k, const Program& prog,
                                                           const UprobeMultiSpec& spec,
                                                           std::vector<size_t>* refused);

// The real kernel. Never fails: a kernel without BPF reports it through features() and errors.
// `vmlinux`: the kernel's BTF, shared with the consumer's other readers of it (null: one of
// its own, for kernel tests); opened on the first tp_btf or fentry attach id.
std::unique_ptr<Kernel> open_kernel(std::shared_ptr<const kbtf::Vmlinux> vmlinux = nullptr);

}  // namespace bdtrace::kernel
