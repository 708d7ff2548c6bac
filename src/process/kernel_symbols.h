// Kernel symbols from /proc/kallsyms, read once when first needed: addresses to names for %a
// and sym(), names to addresses for D's `sym and mod`sym.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::process {

// The address of the core kernel's symbol `name`, from one pass over /proc/kallsyms that stops
// where it finds it, building no table (for a provider that needs one address: sched:::tick);
// nullopt when there is none or addresses are hidden.
std::optional<uint64_t> kallsyms_address(const std::string& name);

class KernelSymbols {
public:
    // "module`symbol+0xoff", or "module`symbol" at the symbol's start (the core kernel's module
    // is "vmlinux"); empty when the address is below every symbol or kallsyms is unreadable.
    std::string describe(uint64_t addr);
    // The address of a kernel symbol (function or data) named `name`, in `module` when given
    // ("vmlinux" is the core kernel); nullopt when there is none.
    std::optional<uint64_t> address_of(const std::string& name, const std::string& module = "");
    // sym()/func(): "module`function" of the function containing addr (no offset), "0x<hex>"
    // when there is none (DTrace's dt_print_sym).
    std::string sym(uint64_t addr);
    // mod(): the module containing addr ("vmlinux" for the core kernel), else "0x<hex>".
    std::string mod(uint64_t addr);
    // Where aggregation keys of sym()/func() and mod() are merged, as DTrace's consumer moves
    // them (dt_aggregate_sym, dt_aggregate_mod): the function's start, the module's lowest
    // function; addr itself when nothing contains it.
    uint64_t function_start(uint64_t addr);
    uint64_t module_start(uint64_t addr);

private:
    struct Symbol {
        uint64_t addr;
        std::string name;
        std::string module;
    };
    void load();
    const Symbol* containing(uint64_t addr);
    bool loaded_ = false;
    std::vector<Symbol> symbols_;  // functions, by address
    std::vector<Symbol> all_;      // every symbol, by name
};

}  // namespace bdtrace::process
