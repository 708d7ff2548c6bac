// The running kernel's BTF (/sys/kernel/btf/vmlinux) and its one owner. The consumer makes one
// Vmlinux and hands it to whoever reads kernel types: the probe registry (tracepoint prototypes,
// syscall argument types, fbt's functions, -lv's spellings), sema's kernel types
// (sema::BtfSource) and the real kernel (tp_btf and fentry attach ids). Nothing is opened until
// it is asked for, so a program that needs no kernel type (BEGIN alone) opens no BTF; each form
// is made once:
//   raw()     the bytes, mapped (RawBtf): a type id by name without parsing the whole file
//   parsed()  libbpf's parse (~15-30 ms, ~13 MiB): the type graph
// Ground level: it includes nothing of bdtrace's but this folder.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "btf/raw_btf.h"

struct btf;

namespace bdtrace::kbtf {

class Vmlinux {
  public:
    static constexpr const char* kPath = "/sys/kernel/btf/vmlinux";
    // `path`: another BTF file standing for the kernel's (tests).
    explicit Vmlinux(std::string path = kPath);
    ~Vmlinux();
    Vmlinux(const Vmlinux&) = delete;
    Vmlinux& operator=(const Vmlinux&) = delete;

    const std::string& path() const { return path_; }
    // Null when the file is missing or not BTF.
    const RawBtf* raw() const;
    // Null when the file is missing or libbpf cannot parse it; parse_error() says why.
    const struct ::btf* parsed() const;
    const std::string& parse_error() const { return parse_error_; }
    // Whether a form was asked for (tests of laziness).
    bool raw_opened() const { return raw_done_; }
    bool parsed_opened() const { return parsed_done_; }

  private:
    std::string path_;
    mutable std::once_flag raw_once_, parsed_once_;
    mutable std::unique_ptr<RawBtf> raw_;
    mutable struct ::btf* parsed_ = nullptr;
    mutable std::string parse_error_;
    mutable bool raw_done_ = false, parsed_done_ = false;
};

}  // namespace bdtrace::kbtf
