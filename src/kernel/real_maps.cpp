// Maps and BTF blobs on the real kernel.
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <fcntl.h>
#include <linux/btf.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>

#include "kernel/real_kernel.h"

namespace bdtrace::kernel {

namespace {

uint32_t bpf_map_type_of(MapType t) {
    switch (t) {
        case MapType::Array:
            return BPF_MAP_TYPE_ARRAY;
        case MapType::PercpuArray:
            return BPF_MAP_TYPE_PERCPU_ARRAY;
        case MapType::Hash:
            return BPF_MAP_TYPE_HASH;
        case MapType::PercpuHash:
            return BPF_MAP_TYPE_PERCPU_HASH;
        case MapType::LruHash:
            return BPF_MAP_TYPE_LRU_HASH;
        case MapType::LruPercpuHash:
            return BPF_MAP_TYPE_LRU_PERCPU_HASH;
        case MapType::RingBuf:
            return BPF_MAP_TYPE_RINGBUF;
        case MapType::TaskStorage:
            return BPF_MAP_TYPE_TASK_STORAGE;
        case MapType::StackTrace:
            return BPF_MAP_TYPE_STACK_TRACE;
    }
    return BPF_MAP_TYPE_UNSPEC;
}

size_t page_size() {
    return static_cast<size_t>(::sysconf(_SC_PAGESIZE));
}

class RealRegion final : public MappedRegion {
  public:
    RealRegion(void* p, size_t n) : p_(p), n_(n) {}
    ~RealRegion() override { ::munmap(p_, n_); }
    std::byte* data() override { return static_cast<std::byte*>(p_); }
    size_t size() const override { return n_; }

  private:
    void* p_;
    size_t n_;
};

class RealBtf final : public BtfObject {
  public:
    explicit RealBtf(int fd) : fd_(fd) {}
    int fd() const override { return fd_.get(); }

  private:
    sys::UniqueFd fd_;
};

class RealMap final : public Map {
  public:
    RealMap(const RealKernel& k, MapSpec spec, int ncpus, int fd)
        : Map(std::move(spec), ncpus), k_(k), fd_(fd) {}

    int fd() const override { return fd_.get(); }

    Result<bool> lookup(std::span<const std::byte> key, std::span<std::byte> value) override {
        if (auto e = check(Op::MapLookup, key, value.size())) return std::move(*e);
        if (::bpf_map_lookup_elem(fd(), key.data(), value.data()) == 0) return true;
        if (errno == ENOENT) return false;
        return k_.fail(Op::MapLookup, errno, name());
    }

    Result<void> update(std::span<const std::byte> key, std::span<const std::byte> value,
                        UpdateMode mode) override {
        if (auto e = check(Op::MapUpdate, key, value.size())) return std::move(*e);
        uint64_t flags = mode == UpdateMode::NoExist ? BPF_NOEXIST
                         : mode == UpdateMode::Exist ? BPF_EXIST
                                                     : BPF_ANY;
        if (::bpf_map_update_elem(fd(), key.data(), value.data(), flags) == 0) return {};
        return k_.fail(Op::MapUpdate, errno, name());
    }

    Result<size_t> try_update_batch(std::span<const std::byte> keys,
                                    std::span<const std::byte> values, size_t count,
                                    UpdateMode mode) override {
        LIBBPF_OPTS(bpf_map_batch_opts, opts);
        opts.elem_flags = mode == UpdateMode::NoExist ? BPF_NOEXIST
                          : mode == UpdateMode::Exist ? BPF_EXIST
                                                      : BPF_ANY;
        auto n = static_cast<uint32_t>(count);
        if (::bpf_map_update_batch(fd(), keys.data(), values.data(), &n, &opts) == 0) return count;
        // No batch command here (EINVAL before Linux 5.6, ENOTSUPP (524) or EOPNOTSUPP for a map
        // type without it), or an entry refused (n before it were written): update_batch does
        // the rest one by one, which names what is wrong. A kernel without the command leaves
        // n as it was given.
        if (errno == EINVAL || errno == 524 || errno == EOPNOTSUPP)
            return n < count ? size_t{n} : size_t{0};
        return k_.fail(Op::MapUpdate, errno, name());
    }

    Result<bool> remove(std::span<const std::byte> key) override {
        if (auto e = check(Op::MapDelete, key, SIZE_MAX)) return std::move(*e);
        if (::bpf_map_delete_elem(fd(), key.data()) == 0) return true;
        if (errno == ENOENT) return false;
        return k_.fail(Op::MapDelete, errno, name());
    }

    Result<bool> next_key(std::span<const std::byte> key, std::span<std::byte> next) override {
        if (next.size() != spec_.key_size || (!key.empty() && key.size() != spec_.key_size))
            return usage_error(Op::MapNextKey, "wrong key size for map '" + name() + "'");
        if (::bpf_map_get_next_key(fd(), key.empty() ? nullptr : key.data(), next.data()) == 0)
            return true;
        if (errno == ENOENT) return false;
        return k_.fail(Op::MapNextKey, errno, name());
    }

    Result<std::unique_ptr<MappedRegion>> mmap() override {
        if (spec_.type != MapType::Array || !(spec_.flags & kMapMmapable))
            return k_.fail(Op::MapMmap, EINVAL, name());
        size_t len = size_t(percpu_stride()) * spec_.max_entries;
        size_t page = page_size();
        len = (len + page - 1) / page * page;
        void* p = ::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd(), 0);
        if (p == MAP_FAILED && errno == EPERM)  // frozen: read only
            p = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd(), 0);
        if (p == MAP_FAILED) return k_.fail(Op::MapMmap, errno, name());
        return std::unique_ptr<MappedRegion>(new RealRegion(p, len));
    }

    Result<void> freeze() override {
        if (::bpf_map_freeze(fd()) == 0) return {};
        return k_.fail(Op::MapFreeze, errno, name());
    }

  private:
    // Refuses buffers of the wrong size before the kernel reads or writes past them.
    std::optional<Error> check(Op op, std::span<const std::byte> key, size_t value_size) const {
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

    const RealKernel& k_;
    sys::UniqueFd fd_;
};

uint32_t ringbuf_size(uint32_t want) {
    uint64_t size = page_size();
    while (size < want) size <<= 1;
    return static_cast<uint32_t>(size);
}

// BPF_MAP_TYPE_TASK_STORAGE insists on BTF for its key (a 32-bit int) and value: "int" and
// "unsigned char[value_size]" are enough.
Result<int> task_storage_btf(const RealKernel& k, uint32_t value_size, uint32_t* key_id,
                             uint32_t* value_id) {
    struct btf* b = ::btf__new_empty();
    if (!b) return k.fail(Op::BtfLoad, errno, "task storage");
    int int_id = ::btf__add_int(b, "int", 4, BTF_INT_SIGNED);
    int byte_id = ::btf__add_int(b, "unsigned char", 1, 0);
    int arr_id = ::btf__add_array(b, int_id, byte_id, value_size);
    if (int_id < 0 || byte_id < 0 || arr_id < 0) {
        ::btf__free(b);
        return k.fail(Op::BtfLoad, EINVAL, "task storage");
    }
    if (::btf__load_into_kernel(b) != 0) {
        int err = errno;
        ::btf__free(b);
        return k.fail(Op::BtfLoad, err, "task storage");
    }
    int fd = ::fcntl(::btf__fd(b), F_DUPFD_CLOEXEC, 0);  // every fd of ours is close-on-exec
    int err = errno;
    ::btf__free(b);
    if (fd < 0) return k.fail(Op::BtfLoad, err, "task storage");
    *key_id = static_cast<uint32_t>(int_id);
    *value_id = static_cast<uint32_t>(arr_id);
    return fd;
}

}  // namespace

Result<std::unique_ptr<Map>> RealKernel::create_map(const MapSpec& in) {
    MapSpec spec = in;
    spec.name = kernel_object_name(in.name);
    LIBBPF_OPTS(bpf_map_create_opts, opts);
    opts.map_flags = spec.flags;
    sys::UniqueFd btf_fd;
    switch (spec.type) {
        case MapType::RingBuf:
            spec.key_size = 0;
            spec.value_size = 0;
            spec.max_entries = ringbuf_size(spec.max_entries);
            break;
        case MapType::TaskStorage: {
            spec.key_size = 4;
            spec.max_entries = 0;
            spec.flags |= kMapNoPrealloc;
            opts.map_flags = spec.flags;
            uint32_t key_id = 0, value_id = 0;
            auto fd = task_storage_btf(*this, spec.value_size, &key_id, &value_id);
            if (!fd) return std::move(fd).error();
            btf_fd.reset(*fd);
            opts.btf_fd = static_cast<uint32_t>(btf_fd.get());
            opts.btf_key_type_id = key_id;
            opts.btf_value_type_id = value_id;
            break;
        }
        default:
            break;
    }
    int fd =
        ::bpf_map_create(static_cast<bpf_map_type>(bpf_map_type_of(spec.type)), spec.name.c_str(),
                         spec.key_size, spec.value_size, spec.max_entries, &opts);
    if (fd < 0) {
        int err = errno;
        ErrorContext ctx = context(spec.name);
        ctx.detail = std::string(map_type_name(spec.type)) + ", key " +
                     std::to_string(spec.key_size) + " B, value " +
                     std::to_string(spec.value_size) + " B, " + std::to_string(spec.max_entries) +
                     " entries";
        return classify(Op::MapCreate, err, ctx);
    }
    return std::unique_ptr<Map>(new RealMap(*this, std::move(spec), ncpus_, fd));
}

Result<std::unique_ptr<BtfObject>> RealKernel::load_btf(std::span<const std::byte> raw) {
    std::string log(64 * 1024, '\0');
    LIBBPF_OPTS(bpf_btf_load_opts, opts);
    int fd = ::bpf_btf_load(raw.data(), raw.size(), &opts);
    if (fd >= 0) return std::unique_ptr<BtfObject>(new RealBtf(fd));
    int err = errno;
    // Load again for the kernel's explanation.
    opts.log_buf = log.data();
    opts.log_size = static_cast<uint32_t>(log.size());
    opts.log_level = 1;
    fd = ::bpf_btf_load(raw.data(), raw.size(), &opts);
    if (fd >= 0) return std::unique_ptr<BtfObject>(new RealBtf(fd));
    log.resize(std::char_traits<char>::length(log.c_str()));
    ErrorContext ctx = context("");
    if (!log.empty()) ctx.detail = verifier_reason(log);
    Error e = classify(Op::BtfLoad, err, ctx);
    e.verifier_log = std::move(log);
    return e;
}

}  // namespace bdtrace::kernel
