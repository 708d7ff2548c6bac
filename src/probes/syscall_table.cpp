#include "probes/syscall_table.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace bdtrace::probes {

std::string_view syscall_entry_symbol(std::string_view name) {
    // The x86-64 table's entries whose implementation carries another name.
    static const std::pair<std::string_view, std::string_view> kAliases[] = {
        {"stat", "newstat"}, {"fstat", "newfstat"}, {"lstat", "newlstat"},
        {"uname", "newuname"}, {"umount2", "umount"}, {"sendfile", "sendfile64"},
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
    static constexpr std::string_view kPrefix = " __x64_sys_";
    std::unordered_set<std::string> out;
    // kallsyms has a line per kernel symbol (hundreds of thousands): read it in large pieces,
    // keeping only a piece's unfinished last line, and look only for the prefix.
    // "ffffffff81234560 T __x64_sys_read": the name is the third field.
    std::FILE* f = std::fopen(kallsyms_path.c_str(), "re");
    if (!f) return out;
    std::string text;
    std::vector<char> chunk(256 << 10);
    for (;;) {
        size_t n = std::fread(chunk.data(), 1, chunk.size(), f);
        text.append(chunk.data(), n);
        size_t complete = n == 0 ? text.size() : text.rfind('\n') + 1;  // npos + 1 == 0
        std::string_view lines(text.data(), complete);
        for (size_t at = lines.find(kPrefix); at != std::string_view::npos; at = lines.find(kPrefix, at + 1)) {
            size_t begin = at + kPrefix.size();
            size_t end = lines.find_first_of(" \t\n", begin);
            if (end == std::string_view::npos) end = lines.size();
            out.emplace(lines.substr(begin, end - begin));
        }
        text.erase(0, complete);
        if (n == 0) break;
    }
    std::fclose(f);
    return out;
}

std::unordered_set<std::string> read_syscall_entry_points_btf(const std::string& btf_path) {
    std::unordered_set<std::string> out;
    std::FILE* f = std::fopen(btf_path.c_str(), "re");
    if (!f) return out;
    // The names of the BTF's FUNC records are NUL-terminated strings of its string section:
    // the __x64_sys_ wrappers, and the __do_sys_ bodies (which the calls without arguments,
    // getpid and the like, are known by: their wrappers have no BTF record). Read in pieces;
    // each piece keeps its unfinished last string, from the NUL before it.
    static constexpr std::string_view kPrefixes[] = {std::string_view("\0__x64_sys_", 11),
                                                     std::string_view("\0__do_sys_", 10)};
    std::string text;
    std::vector<char> chunk(256 << 10);
    for (size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), f)) > 0;) {
        text.append(chunk.data(), n);
        size_t last = text.rfind('\0');
        if (last == std::string::npos) continue;
        std::string_view done(text.data(), last + 1);
        for (std::string_view prefix : kPrefixes) {
            for (size_t at = done.find(prefix); at != std::string_view::npos; at = done.find(prefix, at + 1)) {
                size_t begin = at + prefix.size();
                size_t end = done.find('\0', begin);
                if (end == std::string_view::npos) break;
                out.emplace(done.substr(begin, end - begin));
            }
        }
        text.erase(0, last);
    }
    std::fclose(f);
    return out;
}

}  // namespace bdtrace::probes
