#include "process/kernel_symbols.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bdtrace::process {

std::optional<uint64_t> kallsyms_address(const std::string& name) {
    std::ifstream in("/proc/kallsyms");
    std::string line;
    const std::string tail = " " + name;
    while (std::getline(in, line)) {
        // "ffffffff814352e0 t tick_nohz_handler": the name last (a module's symbol has
        // "\t[module]" after it, so it never ends the line with the name).
        if (line.size() <= tail.size() || line.compare(line.size() - tail.size(), tail.size(), tail) != 0) continue;
        uint64_t a = std::strtoull(line.c_str(), nullptr, 16);
        return a ? std::optional<uint64_t>(a) : std::nullopt;
    }
    return std::nullopt;
}

void KernelSymbols::load() {
    loaded_ = true;
    std::ifstream in("/proc/kallsyms");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string addr, type, name, module;
        if (!(ls >> addr >> type >> name)) continue;
        ls >> module;
        if (module.size() > 2 && module.front() == '[') module = module.substr(1, module.size() - 2);
        else module = "vmlinux";
        uint64_t a = std::strtoull(addr.c_str(), nullptr, 16);
        if (a == 0) continue;  // kptr_restrict hides addresses
        all_.push_back({a, name, module});
        // Functions only for naming PCs: a data symbol would name the wrong thing.
        if (type == "T" || type == "t" || type == "W" || type == "w")
            symbols_.push_back({a, std::move(name), std::move(module)});
    }
    std::sort(symbols_.begin(), symbols_.end(), [](const Symbol& a, const Symbol& b) { return a.addr < b.addr; });
    std::sort(all_.begin(), all_.end(), [](const Symbol& a, const Symbol& b) { return a.name < b.name; });
}

namespace {

std::string hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

const KernelSymbols::Symbol* KernelSymbols::containing(uint64_t addr) {
    if (!loaded_) load();
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), addr,
                               [](uint64_t a, const Symbol& s) { return a < s.addr; });
    if (it == symbols_.begin()) return nullptr;
    return &*--it;
}

std::string KernelSymbols::describe(uint64_t addr) {
    const Symbol* s = containing(addr);
    if (!s) return {};
    std::string out = s->module + "`" + s->name;
    if (addr != s->addr) out += "+" + hex(addr - s->addr);
    return out;
}

std::string KernelSymbols::sym(uint64_t addr) {
    const Symbol* s = containing(addr);
    return s ? s->module + "`" + s->name : hex(addr);
}

std::string KernelSymbols::mod(uint64_t addr) {
    const Symbol* s = containing(addr);
    return s ? s->module : hex(addr);
}

uint64_t KernelSymbols::function_start(uint64_t addr) {
    const Symbol* s = containing(addr);
    return s ? s->addr : addr;
}

uint64_t KernelSymbols::module_start(uint64_t addr) {
    const Symbol* s = containing(addr);
    if (!s) return addr;
    // Functions of one module lie together (modules are loaded apart from the core kernel).
    const Symbol* first = s;
    while (first != symbols_.data() && (first - 1)->module == s->module) --first;
    return first->addr;
}

}  // namespace bdtrace::process

namespace bdtrace::process {

std::optional<uint64_t> KernelSymbols::address_of(const std::string& name, const std::string& module) {
    if (!loaded_) load();
    auto it = std::lower_bound(all_.begin(), all_.end(), name,
                               [](const Symbol& s, const std::string& n) { return s.name < n; });
    for (; it != all_.end() && it->name == name; ++it)
        if (module.empty() || it->module == module) return it->addr;
    return std::nullopt;
}

}  // namespace bdtrace::process
