#include "process/kernel_symbols.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bdtrace::process {

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

std::string KernelSymbols::describe(uint64_t addr) {
    if (!loaded_) load();
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), addr,
                               [](uint64_t a, const Symbol& s) { return a < s.addr; });
    if (it == symbols_.begin()) return {};
    --it;
    std::string out = it->module + "`" + it->name;
    if (addr != it->addr) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(addr - it->addr));
        out += buf;
    }
    return out;
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
