// The kernel functions the fbt provider offers: vmlinux BTF's FUNC records whose prototype a
// BPF trampoline (fentry/fexit) accepts, among the functions ftrace can hook. Pure data from
// a BTF and two text files, so that it is tested without a kernel that allows fentry.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

struct btf;

namespace bdtrace::probes {

// The most arguments a trampoline passes (the kernel's MAX_BPF_FUNC_ARGS on x86-64).
inline constexpr size_t kMaxKernelFunctionArgs = 12;

struct KernelFunction {
    std::string name;
    std::vector<uint32_t> param_type_ids;  // BTF ids
    uint32_t return_type_id = 0;           // 0: void
};

// The FUNC records of `b`, by name, once each (a static function several units define keeps
// its first record). A function is left out when its prototype has variable arguments, more
// than kMaxKernelFunctionArgs parameters, or a parameter or return value that is not an
// integer, enum or pointer (structures passed by value: the trampoline's slots would not map
// one to one onto args[]); and, when `traceable` is given, when it is not in that set.
std::vector<KernelFunction> kernel_functions(const struct btf* b, const std::unordered_set<std::string>* traceable);

// The functions ftrace can hook (fentry needs the hook): <tracefs>/available_filter_functions
// when it can be read, else the text symbols of `kallsyms` (a superset: it also has notrace
// functions, whose attach the kernel then refuses one by one). Empty when neither is readable.
std::unordered_set<std::string> traceable_functions(const std::string& tracefs = "/sys/kernel/tracing",
                                                    const std::string& kallsyms = "/proc/kallsyms");

}  // namespace bdtrace::probes
