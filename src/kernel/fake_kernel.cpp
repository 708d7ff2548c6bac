// The in-memory kernel. Map semantics follow the kernel's where the runtime can observe them:
// arrays have every index and refuse deletes, hashes fill up (E2BIG) and LRU hashes evict the
// oldest entry, per-CPU values are possible_cpus() slots of 8-byte-aligned values.
#include "kernel/fake_kernel.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>
#include <list>

namespace bdtrace::kernel {

class FakeRingBuffer;

struct FakeKernel::State {
    Options opt;
    int next_fd = 1000;
    std::map<Op, std::pair<int, std::string>> failures;
    std::array<FeatureStatus, kFeatureCount> features;
    std::set<std::string> missing_types;
    std::vector<LoadedProgram> programs;
    std::map<int, Attachment> links;  // by link fd
    size_t maps = 0;
    size_t progs = 0;
    std::map<int, std::vector<FakeRingBuffer*>> consumers;  // by map fd
    std::vector<int> test_runs;
    std::set<std::pair<std::string, uint64_t>> unprobeable;
    std::map<int, uint64_t> recursion_misses;  // by program fd
    bool batch_refused = false;      // map update batches refused as by a kernel before 5.6
    size_t batches = 0;              // map update batches taken
    std::map<Op, size_t> map_calls;  // single-entry map operations asked for, by kind

    ErrorContext ctx(std::string subject) const {
        ErrorContext c;
        c.subject = std::move(subject);
        c.have_bpf_caps = opt.privileged;
        return c;
    }
    // The injected failure for `op`, or EPERM when unprivileged.
    std::optional<Error> refuse(Op op, const std::string& subject) {
        auto it = failures.find(op);
        if (it != failures.end()) {
            ErrorContext c = ctx(subject);
            c.verifier_log = it->second.second;
            int err = it->second.first;
            failures.erase(it);
            return classify(op, err, c);
        }
        if (!opt.privileged && op != Op::ReadCpus && op != Op::VmlinuxBtf)
            return classify(op, EPERM, ctx(subject));
        return std::nullopt;
    }
};

namespace {

using Bytes = std::vector<std::byte>;

class FakeRegion final : public MappedRegion {
  public:
    FakeRegion(std::byte* p, size_t n) : p_(p), n_(n) {}
    std::byte* data() override { return p_; }
    size_t size() const override { return n_; }

  private:
    std::byte* p_;
    size_t n_;
};

class FakeMap final : public Map {
  public:
    FakeMap(std::shared_ptr<FakeKernel::State> st, MapSpec spec, int ncpus, int fd)
        : Map(std::move(spec), ncpus), st_(std::move(st)), fd_(fd) {
        ++st_->maps;
        if (is_array()) {
            size_t n = value_buffer_size() * spec_.max_entries;
            array_.assign((n + 4095) / 4096 * 4096, std::byte{0});
        }
    }
    ~FakeMap() override { --st_->maps; }

    int fd() const override { return fd_; }

    Result<bool> lookup(std::span<const std::byte> key, std::span<std::byte> value) override {
        if (auto e = check(Op::MapLookup, key, value.size())) return std::move(*e);
        if (spec_.type == MapType::RingBuf) return fail(Op::MapLookup, EINVAL);
        if (is_array()) {
            uint32_t i = index(key);
            if (i >= spec_.max_entries) return false;
            std::memcpy(value.data(), &array_[i * value_buffer_size()], value_buffer_size());
            return true;
        }
        auto it = find(key);
        if (it == entries_.end()) return false;
        std::memcpy(value.data(), it->second.data(), it->second.size());
        return true;
    }

    Result<void> update(std::span<const std::byte> key, std::span<const std::byte> value,
                        UpdateMode mode) override {
        if (auto e = check(Op::MapUpdate, key, value.size())) return std::move(*e);
        return put(key, value, mode);
    }

    Result<void> put(std::span<const std::byte> key, std::span<const std::byte> value,
                     UpdateMode mode) {
        if (frozen_) return fail(Op::MapUpdate, EPERM);
        if (spec_.type == MapType::RingBuf || spec_.type == MapType::StackTrace)
            return fail(Op::MapUpdate, EINVAL);
        const size_t vs = value_buffer_size();
        if (is_array()) {
            uint32_t i = index(key);
            if (i >= spec_.max_entries) return fail(Op::MapUpdate, E2BIG);
            if (mode == UpdateMode::NoExist) return fail(Op::MapUpdate, EEXIST);
            std::memcpy(&array_[i * vs], value.data(), vs);
            return {};
        }
        auto it = find(key);
        if (it != entries_.end()) {
            if (mode == UpdateMode::NoExist) return fail(Op::MapUpdate, EEXIST);
            it->second.assign(value.begin(), value.begin() + static_cast<long>(vs));
            return {};
        }
        if (mode == UpdateMode::Exist) return fail(Op::MapUpdate, ENOENT);
        bool lru = spec_.type == MapType::LruHash || spec_.type == MapType::LruPercpuHash;
        bool bounded = spec_.type != MapType::TaskStorage;
        if (bounded && entries_.size() >= spec_.max_entries) {
            if (!lru) return fail(Op::MapUpdate, E2BIG);
            entries_.erase(std::find_if(entries_.begin(), entries_.end(),
                                        [&](auto& e) { return e.first == order_.front(); }));
            order_.pop_front();
        }
        Bytes k(key.begin(), key.end());
        entries_.emplace(k, Bytes(value.begin(), value.begin() + static_cast<long>(vs)));
        order_.push_back(std::move(k));
        return {};
    }

    // Like the kernel's: one update per entry, stopping at the first refused.
    Result<size_t> try_update_batch(std::span<const std::byte> keys,
                                    std::span<const std::byte> values, size_t count,
                                    UpdateMode mode) override {
        if (st_->batch_refused) return size_t{0};
        if (auto e = st_->refuse(Op::MapUpdate, name())) return std::move(*e);
        ++st_->batches;
        const size_t ks = spec_.key_size, vs = value_buffer_size();
        for (size_t i = 0; i < count; ++i)
            if (auto r = put(keys.subspan(i * ks, ks), values.subspan(i * vs, vs), mode); !r)
                return std::move(r).error();
        return count;
    }

    Result<bool> remove(std::span<const std::byte> key) override {
        if (auto e = check(Op::MapDelete, key, SIZE_MAX)) return std::move(*e);
        if (is_array()) return fail(Op::MapDelete, EINVAL);
        auto it = find(key);
        if (it == entries_.end()) return false;
        order_.remove(it->first);
        entries_.erase(it);
        return true;
    }

    Result<bool> next_key(std::span<const std::byte> key, std::span<std::byte> next) override {
        if (next.size() != spec_.key_size || (!key.empty() && key.size() != spec_.key_size))
            return usage_error(Op::MapNextKey, "wrong key size for map '" + name() + "'");
        if (is_array()) {
            uint32_t i = key.empty() ? UINT32_MAX : index(key);
            uint32_t n = i >= spec_.max_entries ? 0 : i + 1;
            if (n >= spec_.max_entries) return false;
            std::memcpy(next.data(), &n, 4);
            return true;
        }
        auto it =
            key.empty() ? entries_.begin() : entries_.upper_bound(Bytes(key.begin(), key.end()));
        if (it == entries_.end()) return false;
        std::memcpy(next.data(), it->first.data(), spec_.key_size);
        return true;
    }

    Result<std::unique_ptr<MappedRegion>> mmap() override {
        if (spec_.type != MapType::Array || !(spec_.flags & kMapMmapable))
            return fail(Op::MapMmap, EINVAL);
        return std::unique_ptr<MappedRegion>(new FakeRegion(array_.data(), array_.size()));
    }

    Result<void> freeze() override {
        frozen_ = true;
        return {};
    }

  private:
    bool is_array() const {
        return spec_.type == MapType::Array || spec_.type == MapType::PercpuArray;
    }
    static uint32_t index(std::span<const std::byte> key) {
        uint32_t i;
        std::memcpy(&i, key.data(), 4);
        return i;
    }
    std::map<Bytes, Bytes>::iterator find(std::span<const std::byte> key) {
        return entries_.find(Bytes(key.begin(), key.end()));
    }
    Error fail(Op op, int err) const { return classify(op, err, st_->ctx(name())); }
    std::optional<Error> check(Op op, std::span<const std::byte> key, size_t value_size) {
        ++st_->map_calls[op];
        if (auto e = st_->refuse(op, name())) return e;
        if (key.size() != spec_.key_size)
            return usage_error(op, "key of " + std::to_string(key.size()) + " bytes for map '" +
                                       name() + "' (its keys have " +
                                       std::to_string(spec_.key_size) + ")");
        if (value_size != SIZE_MAX && value_size < value_buffer_size())
            return usage_error(op, "value buffer of " + std::to_string(value_size) +
                                       " bytes for map '" + name() + "' (it needs " +
                                       std::to_string(value_buffer_size()) + ")");
        return std::nullopt;
    }

    std::shared_ptr<FakeKernel::State> st_;
    int fd_;
    bool frozen_ = false;
    Bytes array_;
    std::map<Bytes, Bytes> entries_;
    std::list<Bytes> order_;  // insertion order, for LRU eviction
};

class FakeBtf final : public BtfObject {
  public:
    explicit FakeBtf(int fd) : fd_(fd) {}
    int fd() const override { return fd_; }

  private:
    int fd_;
};

class FakeProgram final : public Program {
  public:
    FakeProgram(std::shared_ptr<FakeKernel::State> st, int fd, const ProgramSpec& s,
                std::string log)
        : Program(s.name, s.type, s.expected_attach, std::move(log)), st_(std::move(st)), fd_(fd) {
        ++st_->progs;
    }
    ~FakeProgram() override { --st_->progs; }
    int fd() const override { return fd_; }
    uint64_t recursion_misses() const override {
        auto it = st_->recursion_misses.find(fd_);
        return it == st_->recursion_misses.end() ? 0 : it->second;
    }

  private:
    std::shared_ptr<FakeKernel::State> st_;
    int fd_;
};

class FakeLink final : public Link {
  public:
    FakeLink(std::shared_ptr<FakeKernel::State> st, int id, std::string what)
        : st_(std::move(st)), id_(id), what_(std::move(what)) {}
    ~FakeLink() override { st_->links.erase(id_); }
    std::string describe() const override { return what_; }

  private:
    std::shared_ptr<FakeKernel::State> st_;
    int id_;
    std::string what_;
};

}  // namespace

class FakeRingBuffer final : public RingBuffer {
  public:
    FakeRingBuffer(std::shared_ptr<FakeKernel::State> st, int map_fd, RecordCallback cb)
        : st_(std::move(st)), map_fd_(map_fd), cb_(std::move(cb)) {
        event_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        epoll_ = ::epoll_create1(EPOLL_CLOEXEC);
        epoll_event ev{};
        ev.events = EPOLLIN;
        ::epoll_ctl(epoll_, EPOLL_CTL_ADD, event_, &ev);
        st_->consumers[map_fd_].push_back(this);
    }
    ~FakeRingBuffer() override {
        auto& v = st_->consumers[map_fd_];
        v.erase(std::remove(v.begin(), v.end(), this), v.end());
        ::close(epoll_);
        ::close(event_);
    }

    void push(std::span<const std::byte> data) {
        pending_.emplace_back(data.begin(), data.end());
        uint64_t one = 1;
        [[maybe_unused]] auto n = ::write(event_, &one, sizeof one);
    }

    Result<int> poll(int timeout_ms) override {
        if (pending_.empty() && timeout_ms != 0) {
            epoll_event ev;
            ::epoll_wait(epoll_, &ev, 1, timeout_ms);
        }
        return consume();
    }
    Result<int> consume() override {
        uint64_t v;
        [[maybe_unused]] auto n = ::read(event_, &v, sizeof v);
        int count = 0;
        while (!pending_.empty() && (limit_ == 0 || static_cast<size_t>(count) < limit_)) {
            auto rec = std::move(pending_.front());
            pending_.pop_front();
            cb_(rec.data(), rec.size());
            ++count;
        }
        return count;
    }
    int epoll_fd() const override { return epoll_; }
    void set_batch_limit(size_t records) override { limit_ = records; }

  private:
    size_t limit_ = 0;
    std::shared_ptr<FakeKernel::State> st_;
    int map_fd_;
    RecordCallback cb_;
    int event_ = -1;
    int epoll_ = -1;
    std::deque<std::vector<std::byte>> pending_;
};

FakeKernel::FakeKernel() : FakeKernel(Options{}) {}

FakeKernel::FakeKernel(Options options) : st_(std::make_shared<State>()) {
    st_->opt = std::move(options);
    for (auto& f : st_->features) f = FeatureStatus{true, "fake kernel", false, 0};
    if (!st_->opt.privileged) {
        Error e = classify(Op::ProgLoad, EPERM, st_->ctx("bdtrace_probe"));
        for (auto& f : st_->features) f = FeatureStatus{false, e.message, true, 0};
    }
}

FakeKernel::~FakeKernel() = default;

void FakeKernel::fail_next(Op op, int err, std::string log) {
    st_->failures[op] = {err, std::move(log)};
}

void FakeKernel::set_feature(Feature f, bool available, std::string reason) {
    st_->features[static_cast<size_t>(f)] =
        FeatureStatus{available, reason.empty() ? "fake kernel" : std::move(reason), false, 0};
}

void FakeKernel::refuse_uprobe_offset(std::string path, uint64_t offset) {
    st_->unprobeable.emplace(std::move(path), offset);
}

void FakeKernel::remove_vmlinux_type(std::string name) {
    st_->missing_types.insert(std::move(name));
}

void FakeKernel::refuse_map_batches(bool refused) {
    st_->batch_refused = refused;
}

size_t FakeKernel::map_batches() const {
    return st_->batches;
}

size_t FakeKernel::map_calls(Op op) const {
    auto it = st_->map_calls.find(op);
    return it == st_->map_calls.end() ? 0 : it->second;
}

void FakeKernel::set_recursion_misses(int program_fd, uint64_t misses) { st_->recursion_misses[program_fd] = misses; }

const std::vector<FakeKernel::LoadedProgram>& FakeKernel::loaded_programs() const {
    return st_->programs;
}

std::vector<FakeKernel::Attachment> FakeKernel::attachments() const {
    std::vector<Attachment> out;
    for (auto& [id, a] : st_->links) out.push_back(a);
    return out;
}

size_t FakeKernel::live_maps() const {
    return st_->maps;
}
size_t FakeKernel::live_programs() const {
    return st_->progs;
}

void FakeKernel::push_record(const Map& ringbuf, std::span<const std::byte> data) {
    for (FakeRingBuffer* rb : st_->consumers[ringbuf.fd()]) rb->push(data);
}

Result<std::unique_ptr<Map>> FakeKernel::create_map(const MapSpec& in) {
    MapSpec spec = in;
    if (auto e = st_->refuse(Op::MapCreate, spec.name)) return std::move(*e);
    if (spec.type == MapType::RingBuf) {
        uint32_t size = 4096;
        while (size < spec.max_entries) size <<= 1;
        spec.key_size = spec.value_size = 0;
        spec.max_entries = size;
    } else if (spec.type == MapType::TaskStorage) {
        spec.key_size = 4;
        spec.max_entries = 0;
        spec.flags |= kMapNoPrealloc;
    } else if (spec.max_entries == 0 || spec.value_size == 0) {
        return classify(Op::MapCreate, EINVAL, st_->ctx(spec.name));
    }
    return std::unique_ptr<Map>(
        new FakeMap(st_, std::move(spec), st_->opt.possible_cpus, st_->next_fd++));
}

Result<std::unique_ptr<BtfObject>> FakeKernel::load_btf(std::span<const std::byte>) {
    if (auto e = st_->refuse(Op::BtfLoad, "")) return std::move(*e);
    return std::unique_ptr<BtfObject>(new FakeBtf(st_->next_fd++));
}

Result<std::unique_ptr<Program>> FakeKernel::load_program(const ProgramSpec& spec) {
    if (spec.insns.empty() || spec.insns.size() % 8 != 0)
        return usage_error(Op::ProgLoad, "program '" + spec.name + "' has " +
                                             std::to_string(spec.insns.size()) +
                                             " bytes of instructions, not a multiple of 8");
    if (auto e = st_->refuse(Op::ProgLoad, spec.name)) return std::move(*e);
    int fd = st_->next_fd++;
    st_->programs.push_back(
        LoadedProgram{fd, spec.name, spec.type, spec.expected_attach,
                      std::vector<std::byte>(spec.insns.begin(), spec.insns.end()),
                      spec.attach_btf_id, spec.fd_array, spec.log_level});
    std::string log;
    if (spec.log_level)
        log = "processed " + std::to_string(spec.insns.size() / 8) + " insns (fake kernel)\n";
    return std::unique_ptr<Program>(new FakeProgram(st_, fd, spec, std::move(log)));
}

namespace {

std::unique_ptr<Link> make_link(std::shared_ptr<FakeKernel::State> st, const Program& prog,
                                std::string what, uint64_t cookie) {
    int id = st->next_fd++;
    st->links[id] = FakeKernel::Attachment{what, prog.fd(), cookie};
    return std::make_unique<FakeLink>(std::move(st), id, std::move(what));
}

}  // namespace

Result<std::unique_ptr<Link>> FakeKernel::attach_perf_event(const Program& prog,
                                                            const PerfEventSpec& spec) {
    std::string cpus = spec.cpu >= 0 ? "cpu " + std::to_string(spec.cpu) : "all cpus";
    if (auto e = st_->refuse(Op::PerfEventOpen, "cpu-clock on " + cpus)) return std::move(*e);
    if (auto e = st_->refuse(Op::AttachPerfEvent, "cpu-clock on " + cpus)) return std::move(*e);
    std::string what = "cpu-clock " +
                       (spec.clock == PerfEventSpec::Clock::Frequency
                            ? std::to_string(spec.value) + " Hz"
                            : "period " + std::to_string(spec.value) + " ns") +
                       " on " + cpus;
    return make_link(st_, prog, what, spec.cookie);
}

Result<std::unique_ptr<Link>> FakeKernel::attach_raw_tracepoint(const Program& prog,
                                                                std::string_view name,
                                                                uint64_t cookie) {
    std::string tp(name);
    auto it = st_->failures.find(Op::AttachRawTracepoint);
    if (it != st_->failures.end()) {
        ErrorContext c = st_->ctx(tp);
        c.with_cookie = cookie != 0;
        int err = it->second.first;
        st_->failures.erase(it);
        return classify(Op::AttachRawTracepoint, err, c);
    }
    if (auto e = st_->refuse(Op::AttachRawTracepoint, tp)) return std::move(*e);
    return make_link(st_, prog, "raw_tp " + tp, cookie);
}

Result<std::unique_ptr<Link>> FakeKernel::attach_tracing(const Program& prog, uint64_t cookie) {
    std::string what = prog.expected_attach() == AttachType::TraceRawTp    ? "tp_btf program"
                       : prog.expected_attach() == AttachType::TraceFentry ? "fentry program"
                       : prog.expected_attach() == AttachType::TraceFexit  ? "fexit program"
                                                                           : "";
    if (what.empty())
        return usage_error(Op::AttachTracing, "program '" + prog.name() +
                                                  "' was not loaded as tp_btf, fentry or fexit");
    what += " '" + prog.name() + "'";
    if (auto e = st_->refuse(Op::AttachTracing, what)) return std::move(*e);
    return make_link(st_, prog, what, cookie);
}

Result<std::unique_ptr<Link>> FakeKernel::attach_uprobe_multi(const Program& prog,
                                                              const UprobeMultiSpec& spec) {
    const size_t n = spec.offsets.size();
    if (n == 0 || (!spec.cookies.empty() && spec.cookies.size() != n) ||
        (!spec.ref_ctr_offsets.empty() && spec.ref_ctr_offsets.size() != n))
        return usage_error(Op::AttachUprobeMulti,
                           "uprobes on " + spec.path +
                               ": need at least one offset, and one cookie and ref_ctr offset "
                               "per offset when given");
    std::string what = spec.path + " (" + std::to_string(n) + (n == 1 ? " offset" : " offsets");
    if (spec.pid) what += ", pid " + std::to_string(spec.pid);
    what += ")";
    if (auto e = st_->refuse(Op::AttachUprobeMulti, what)) return std::move(*e);
    for (uint64_t off : spec.offsets)
        if (st_->unprobeable.count({spec.path, off}))
            return classify(Op::AttachUprobeMulti, 524, st_->ctx(what));
    std::string kind = prog.expected_attach() == AttachType::UprobeSession ? "uprobe_session "
                       : spec.retprobe                                     ? "uretprobe_multi "
                                                                           : "uprobe_multi ";
    return make_link(st_, prog, kind + what, spec.cookies.empty() ? 0 : spec.cookies[0]);
}

const std::vector<int>& FakeKernel::test_runs() const {
    return st_->test_runs;
}

Result<uint32_t> FakeKernel::test_run(const Program& prog, std::span<const std::byte>, int) {
    if (auto e = st_->refuse(Op::ProgTestRun, prog.name())) return std::move(*e);
    st_->test_runs.push_back(prog.fd());
    return 0u;
}

Result<std::unique_ptr<RingBuffer>> FakeKernel::open_ring_buffer(const Map& map,
                                                                 RecordCallback callback) {
    if (map.spec().type != MapType::RingBuf)
        return usage_error(Op::RingBufOpen, "map '" + map.name() + "' is not a ring buffer");
    if (auto e = st_->refuse(Op::RingBufOpen, map.name())) return std::move(*e);
    return std::unique_ptr<RingBuffer>(new FakeRingBuffer(st_, map.fd(), std::move(callback)));
}

Result<uint32_t> FakeKernel::vmlinux_type_id(std::string_view name, BtfKind kind) {
    std::string n(name);
    if (auto e = st_->refuse(Op::VmlinuxBtf, n)) return std::move(*e);
    if (st_->missing_types.count(n)) return classify(Op::VmlinuxBtf, ESRCH, st_->ctx(n));
    // A stable invented id (FNV-1a), never 0.
    uint32_t h = 2166136261u ^ static_cast<uint32_t>(kind);
    for (char c : n) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
    return (h % 1000000u) + 1;
}

Result<std::vector<int>> FakeKernel::online_cpus() {
    if (auto e = st_->refuse(Op::ReadCpus, "")) return std::move(*e);
    return st_->opt.online;
}

int FakeKernel::possible_cpus() {
    return st_->opt.possible_cpus;
}

const FeatureStatus& FakeKernel::feature(Feature f) {
    return st_->features[static_cast<size_t>(f)];
}

}  // namespace bdtrace::kernel
