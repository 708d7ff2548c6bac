#include "probes/syscall_table.h"

#include <algorithm>
#include <fstream>

namespace bdtrace::probes {

std::string_view syscall_entry_symbol(std::string_view name) {
    // The x86-64 table's entries whose implementation carries another name.
    static const std::pair<std::string_view, std::string_view> kAliases[] = {
        {"stat", "newstat"}, {"fstat", "newfstat"}, {"lstat", "newlstat"},
        {"uname", "newuname"}, {"umount2", "umount"},
    };
    for (const auto& [call, symbol] : kAliases)
        if (call == name) return symbol;
    return name;
}

std::vector<SyscallNumber> kernel_syscalls(const std::unordered_set<std::string>& entry_points) {
    std::vector<SyscallNumber> out;
    for (const SyscallNumber& s : syscall_numbers()) {
        if (s.nr < 0 || s.nr >= kMaxSyscallNr) continue;
        // A number the kernel does not implement points at sys_ni_syscall: no entry point.
        if (!entry_points.empty() && !entry_points.count(std::string(syscall_entry_symbol(s.name)))) continue;
        out.push_back(s);
    }
    std::sort(out.begin(), out.end(), [](const SyscallNumber& a, const SyscallNumber& b) { return a.nr < b.nr; });
    return out;
}

std::unordered_set<std::string> read_syscall_entry_points(const std::string& kallsyms_path) {
    static constexpr std::string_view kPrefix = "__x64_sys_";
    std::unordered_set<std::string> out;
    std::ifstream in(kallsyms_path);
    std::string line;
    // "ffffffff81234560 T __x64_sys_read": the name is the third field.
    while (std::getline(in, line)) {
        size_t at = line.find(kPrefix);
        if (at == std::string::npos || at == 0 || line[at - 1] != ' ') continue;
        std::string name = line.substr(at + kPrefix.size());
        if (size_t end = name.find_first_of(" \t"); end != std::string::npos) name.resize(end);
        out.insert(std::move(name));
    }
    return out;
}

}  // namespace bdtrace::probes
