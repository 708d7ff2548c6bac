#include "probes/syscall_table.h"

#include "btf/raw_btf.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
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

std::unordered_set<std::string> syscall_entry_points_btf(const kbtf::RawBtf& btf) {
    std::unordered_set<std::string> out;
    // The names of the BTF's FUNC records are NUL-terminated strings of its string section:
    // the __x64_sys_ wrappers, and the __do_sys_ bodies (which the calls without arguments,
    // getpid and the like, are known by: their wrappers have no BTF record). Only the string
    // section is searched, for each prefix at the start of a string.
    std::string_view strings = btf.strings();
    // One pass for "_sys_", the part both prefixes share (two memmem passes over the 3 MB of
    // strings were a tenth of a syscall one-liner's start); each hit is checked for either.
    constexpr std::string_view kShared = "_sys_";
    const char* begin = strings.data();
    const char* end = begin + strings.size();
    const char* p = begin;
    while (const void* hit = ::memmem(p, static_cast<size_t>(end - p), kShared.data(), kShared.size())) {
        const char* at = static_cast<const char*>(hit);
        const char* name = at + kShared.size();
        p = name;
        for (std::string_view prefix : {std::string_view("__x64_sys_"), std::string_view("__do_sys_")}) {
            const size_t lead = prefix.size() - kShared.size();  // "__x64" or "__do"
            if (static_cast<size_t>(at - begin) < lead) continue;
            const char* start = at - lead;
            if (std::string_view(start, lead) != prefix.substr(0, lead)) continue;
            if (start != begin && start[-1] != '\0') continue;
            const char* stop = static_cast<const char*>(std::memchr(name, '\0', static_cast<size_t>(end - name)));
            if (!stop) return out;
            out.emplace(name, stop);
            p = stop;
            break;
        }
    }
    return out;
}

}  // namespace bdtrace::probes
