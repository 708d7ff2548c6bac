// Kernel symbols from /proc/kallsyms, read once when first needed: addresses to names for %a
// and sym(), names to addresses for D's `sym and mod`sym.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::process {

class KernelSymbols {
public:
    // "module`symbol+0xoff", or "module`symbol" at the symbol's start (the core kernel's module
    // is "vmlinux"); empty when the address is below every symbol or kallsyms is unreadable.
    std::string describe(uint64_t addr);
    // The address of a kernel symbol (function or data) named `name`, in `module` when given
    // ("vmlinux" is the core kernel); nullopt when there is none.
    std::optional<uint64_t> address_of(const std::string& name, const std::string& module = "");

private:
    struct Symbol {
        uint64_t addr;
        std::string name;
        std::string module;
    };
    void load();
    bool loaded_ = false;
    std::vector<Symbol> symbols_;  // functions, by address
    std::vector<Symbol> all_;      // every symbol, by name
};

}  // namespace bdtrace::process
