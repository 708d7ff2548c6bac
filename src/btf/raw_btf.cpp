#include "btf/raw_btf.h"

#include <fcntl.h>
#include <linux/btf.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <mutex>

namespace bdtrace::kbtf {

namespace {

constexpr uint16_t kBtfMagic = 0xeB9F;
constexpr size_t kTypeHeader = 12;  // struct btf_type: name_off, info, size/type
// After this many linear lookups of one kind, the kind is indexed (fbt asks for thousands).
constexpr uint32_t kLinearLookups = 4;

uint32_t u32_at(const unsigned char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// The bytes following a type record's header, by kind (the BTF format's layout); SIZE_MAX for a
// kind this reader does not know.
size_t extra_bytes(uint32_t kind, uint32_t vlen) {
    switch (kind) {
        case BTF_KIND_INT: return 4;
        case BTF_KIND_ARRAY: return 12;
        case BTF_KIND_STRUCT:
        case BTF_KIND_UNION: return 12 * size_t{vlen};
        case BTF_KIND_ENUM: return 8 * size_t{vlen};
        case BTF_KIND_FUNC_PROTO: return 8 * size_t{vlen};
        case BTF_KIND_VAR: return 4;
        case BTF_KIND_DATASEC: return 12 * size_t{vlen};
        case 17: return 4;                // BTF_KIND_DECL_TAG
        case 19: return 12 * size_t{vlen};  // BTF_KIND_ENUM64
        case BTF_KIND_PTR:
        case BTF_KIND_FWD:
        case BTF_KIND_TYPEDEF:
        case BTF_KIND_VOLATILE:
        case BTF_KIND_CONST:
        case BTF_KIND_RESTRICT:
        case BTF_KIND_FUNC:
        case 16:  // BTF_KIND_FLOAT
        case 18:  // BTF_KIND_TYPE_TAG
            return 0;
        default: return SIZE_MAX;
    }
}

bool read_all(int fd, size_t size_hint, std::vector<std::byte>& out) {
    out.resize(size_hint ? size_hint : 1 << 20);
    size_t got = 0;
    for (;;) {
        if (got == out.size()) out.resize(out.size() * 2);
        ssize_t n = ::read(fd, out.data() + got, out.size() - got);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        if (n == 0) break;
        got += static_cast<size_t>(n);
    }
    out.resize(got);
    return true;
}

}  // namespace

RawBtf::~RawBtf() {
    if (mapping_) ::munmap(mapping_, mapped_);
}

std::unique_ptr<RawBtf> RawBtf::open(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    std::unique_ptr<RawBtf> b(new RawBtf());
    struct stat st{};
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
        // Linux 6.16+ lets the vmlinux BTF be mapped read-only and private; a regular file can be.
        void* m = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED) {
            b->mapping_ = m;
            b->mapped_ = static_cast<size_t>(st.st_size);
            b->data_ = static_cast<const unsigned char*>(m);
            b->size_ = b->mapped_;
        }
    }
    if (!b->mapping_) {
        if (!read_all(fd, st.st_size > 0 ? static_cast<size_t>(st.st_size) : 0, b->owned_)) {
            ::close(fd);
            return nullptr;
        }
        b->data_ = reinterpret_cast<const unsigned char*>(b->owned_.data());
        b->size_ = b->owned_.size();
    }
    ::close(fd);
    if (!b->init()) return nullptr;
    return b;
}

std::unique_ptr<RawBtf> RawBtf::from_bytes(std::vector<std::byte> bytes) {
    std::unique_ptr<RawBtf> b(new RawBtf());
    b->owned_ = std::move(bytes);
    b->data_ = reinterpret_cast<const unsigned char*>(b->owned_.data());
    b->size_ = b->owned_.size();
    if (!b->init()) return nullptr;
    return b;
}

// struct btf_header: magic, version, flags, hdr_len, then the type and string sections' offsets
// and lengths, counted from the end of the header.
bool RawBtf::init() {
    if (size_ < sizeof(btf_header)) return false;
    btf_header h;
    std::memcpy(&h, data_, sizeof h);
    if (h.magic != kBtfMagic || h.hdr_len < sizeof h || h.hdr_len > size_) return false;
    const uint64_t body = size_ - h.hdr_len;
    if (uint64_t{h.type_off} + h.type_len > body || uint64_t{h.str_off} + h.str_len > body) return false;
    const char* base = reinterpret_cast<const char*>(data_) + h.hdr_len;
    types_ = std::string_view(base + h.type_off, h.type_len);
    strings_ = std::string_view(base + h.str_off, h.str_len);
    return true;
}

template <typename Fn>
bool RawBtf::walk(Fn&& fn) const {
    const auto* p = reinterpret_cast<const unsigned char*>(types_.data());
    const unsigned char* end = p + types_.size();
    uint32_t id = 1;  // id 0 is void
    while (end - p >= static_cast<ptrdiff_t>(kTypeHeader)) {
        uint32_t name_off = u32_at(p), info = u32_at(p + 4);
        uint32_t kind = (info >> 24) & 0x1f, vlen = info & 0xffff;
        size_t extra = extra_bytes(kind, vlen);
        if (extra == SIZE_MAX || static_cast<size_t>(end - p) < kTypeHeader + extra) return false;
        if (fn(id, name_off, kind)) return true;
        p += kTypeHeader + extra;
        ++id;
    }
    return false;
}

std::optional<uint32_t> RawBtf::find(std::string_view name, uint32_t btf_kind) const {
    if (name.empty()) return std::nullopt;
    auto name_at = [this](uint32_t off) -> std::string_view {
        if (off >= strings_.size()) return {};
        const char* s = strings_.data() + off;
        return std::string_view(s, ::strnlen(s, strings_.size() - off));
    };
    if (auto it = index_.find(btf_kind); it != index_.end()) {
        auto hit = it->second.find(name);
        if (hit == it->second.end()) return std::nullopt;
        return hit->second;
    }
    if (++lookups_[btf_kind] > kLinearLookups) {
        auto& idx = index_[btf_kind];
        walk([&](uint32_t id, uint32_t off, uint32_t kind) {
            if (kind == btf_kind && off) idx.emplace(name_at(off), id);  // the first of a name wins
            return false;
        });
        return find(name, btf_kind);
    }
    std::optional<uint32_t> found;
    walk([&](uint32_t id, uint32_t off, uint32_t kind) {
        if (kind != btf_kind || off >= strings_.size() || strings_[off] != name[0]) return false;
        if (name_at(off) != name) return false;
        found = id;
        return true;
    });
    return found;
}

}  // namespace bdtrace::kbtf
