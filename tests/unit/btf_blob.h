// A small BTF blob for tests of code that reads BTF without libbpf (kbtf::RawBtf): a header,
// type records added one by one and their names in the string section.
#pragma once

#include <linux/btf.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace bdtrace::testing_btf {

class BtfBlob {
public:
    BtfBlob() { strings_.push_back('\0'); }
    // A name in the string section (an existing one is not shared: BTF allows that too).
    uint32_t name(const std::string& s) {
        uint32_t off = static_cast<uint32_t>(strings_.size());
        strings_.insert(strings_.end(), s.begin(), s.end());
        strings_.push_back('\0');
        return off;
    }
    // A type record of `kind` with `vlen` members and `extra` bytes after its header; returns its id.
    uint32_t type(const std::string& n, uint32_t kind, uint32_t vlen = 0, size_t extra = 0) {
        uint32_t words[3] = {n.empty() ? 0 : name(n), (kind << 24) | vlen, 0};
        size_t at = types_.size();
        types_.resize(at + sizeof words + extra, std::byte{0});
        std::memcpy(types_.data() + at, words, sizeof words);
        return ++count_;
    }
    std::vector<std::byte> bytes() const {
        btf_header h{};
        h.magic = 0xeB9F;
        h.version = 1;
        h.hdr_len = sizeof h;
        h.type_off = 0;
        h.type_len = static_cast<uint32_t>(types_.size());
        h.str_off = h.type_len;
        h.str_len = static_cast<uint32_t>(strings_.size());
        std::vector<std::byte> out(sizeof h + types_.size() + strings_.size());
        std::memcpy(out.data(), &h, sizeof h);
        if (!types_.empty()) std::memcpy(out.data() + sizeof h, types_.data(), types_.size());
        std::memcpy(out.data() + sizeof h + types_.size(), strings_.data(), strings_.size());
        return out;
    }

private:
    std::vector<std::byte> types_;
    std::vector<char> strings_;
    uint32_t count_ = 0;
};

}  // namespace bdtrace::testing_btf
