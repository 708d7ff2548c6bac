#include "runtime/kernel_symbols.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace bdtrace::runtime {

void KernelSymbols::load() {
    loaded_ = true;
    std::ifstream in("/proc/kallsyms");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string addr, type, name, module;
        if (!(ls >> addr >> type >> name)) continue;
        // Functions only (text symbols): data symbols would name the wrong thing for a PC.
        if (type != "T" && type != "t" && type != "W" && type != "w") continue;
        ls >> module;
        if (module.size() > 2 && module.front() == '[') module = module.substr(1, module.size() - 2);
        else module = "vmlinux";
        uint64_t a = std::strtoull(addr.c_str(), nullptr, 16);
        if (a == 0) continue;  // kptr_restrict hides addresses
        symbols_.push_back({a, std::move(name), std::move(module)});
    }
    std::sort(symbols_.begin(), symbols_.end(), [](const Symbol& a, const Symbol& b) { return a.addr < b.addr; });
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

}  // namespace bdtrace::runtime
