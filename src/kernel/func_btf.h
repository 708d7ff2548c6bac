// BTF describing a program's functions, for BPF_PROG_LOAD's func_info: the verifier insists on
// it when a program passes a callback to a helper (bpf_loop).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "kernel/kernel.h"

namespace bdtrace::kernel {

struct FunctionShape {
    std::string name;      // a C identifier
    uint32_t params = 0;   // all typed long: BTF is only consulted for names and counts here
    uint32_t start = 0;    // first instruction
};

struct FuncBtf {
    std::vector<std::byte> raw;     // the BTF blob to load with Kernel::load_btf
    std::vector<FuncInfo> func_info;
};

// Null-free: an empty blob when libbpf cannot build it (the load then fails with its reason).
FuncBtf build_func_btf(const std::vector<FunctionShape>& functions);

}  // namespace bdtrace::kernel
