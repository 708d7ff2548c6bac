// The kernel's own BTF as bytes, asked a few questions without parsing it whole: where its string
// section is, and the id of one named type. A syscall one-liner needs only the id of
// btf_trace_sys_enter (for its tp_btf program) and the names of the system calls' functions;
// libbpf's btf__parse copies the 5.5 MB file and indexes every type (~15-30 ms and ~13 MiB).
// /sys/kernel/btf/vmlinux is mapped read-only where the kernel allows it (Linux 6.16+), so
// nothing is copied; on older kernels it is read once. The running kernel's is opened by its one
// owner, kbtf::Vmlinux (vmlinux.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bdtrace::kbtf {

class RawBtf {
  public:
    // A BTF file (mapped, else read), or a blob already in memory (tests); null when the bytes
    // are not BTF (bad magic, sections outside the data).
    static std::unique_ptr<RawBtf> open(const std::string& path);
    static std::unique_ptr<RawBtf> from_bytes(std::vector<std::byte> bytes);
    ~RawBtf();
    RawBtf(const RawBtf&) = delete;
    RawBtf& operator=(const RawBtf&) = delete;

    // The string section: NUL-terminated names, the first one empty.
    std::string_view strings() const { return strings_; }
    // The id of the first type named `name` whose kind is `btf_kind` (BTF_KIND_*, linux/btf.h);
    // nullopt when there is none. A walk over the type records, comparing only names of that
    // kind; after a few lookups of one kind (fbt's functions) an index of that kind is built.
    std::optional<uint32_t> find(std::string_view name, uint32_t btf_kind) const;

  private:
    RawBtf() = default;
    bool init();
    // Calls `fn(id, name_off, kind)` for every type record until it returns true.
    template <typename Fn>
    bool walk(Fn&& fn) const;
    const unsigned char* data_ = nullptr;
    size_t size_ = 0;
    void* mapping_ = nullptr;
    size_t mapped_ = 0;
    std::vector<std::byte> owned_;
    std::string_view types_, strings_;
    mutable std::unordered_map<uint32_t, uint32_t> lookups_;  // per kind: lookups so far
    mutable std::unordered_map<uint32_t, std::unordered_map<std::string_view, uint32_t>> index_;
};

}  // namespace bdtrace::kbtf
