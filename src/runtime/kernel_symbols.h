// Kernel addresses to names for %a and sym(): /proc/kallsyms, read once when first needed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bdtrace::runtime {

class KernelSymbols {
public:
    // "module`symbol+0xoff", or "module`symbol" at the symbol's start (the core kernel's module
    // is "vmlinux"); empty when the address is below every symbol or kallsyms is unreadable.
    std::string describe(uint64_t addr);

private:
    struct Symbol {
        uint64_t addr;
        std::string name;
        std::string module;
    };
    void load();
    bool loaded_ = false;
    std::vector<Symbol> symbols_;
};

}  // namespace bdtrace::runtime
