// The running kernel's BTF, opened on first use (vmlinux.h).
#include "btf/vmlinux.h"

#include <bpf/btf.h>

#include <cerrno>
#include <cstring>

namespace bdtrace::kbtf {

Vmlinux::Vmlinux(std::string path) : path_(std::move(path)) {}

Vmlinux::~Vmlinux() {
    if (parsed_) btf__free(parsed_);
}

const RawBtf* Vmlinux::raw() const {
    std::call_once(raw_once_, [this] {
        raw_ = RawBtf::open(path_);
        raw_done_ = true;
    });
    return raw_.get();
}

const struct ::btf* Vmlinux::parsed() const {
    std::call_once(parsed_once_, [this] {
        parsed_ = btf__parse(path_.c_str(), nullptr);
        if (!parsed_)
            parse_error_ = "cannot read kernel types from " + path_ + ": " + std::strerror(errno);
        parsed_done_ = true;
    });
    return parsed_;
}

}  // namespace bdtrace::kbtf
