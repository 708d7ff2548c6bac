#include "process/library_path.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>

namespace bdtrace::process {

namespace {

constexpr std::string_view kOldMagic = "ld.so-1.7.0";
constexpr std::string_view kNewMagic = "glibc-ld.so.cache1.1";
constexpr size_t kNewHeader = 48;  // magic and version (20), nlibs, len_strings, flags, ext, unused
constexpr size_t kNewEntry = 24;   // flags, key, value, osversion, hwcap
constexpr int32_t kElfLibc6 = 0x0003;
constexpr int32_t kX8664Lib64 = 0x0300;

template <typename T>
T read_at(std::string_view b, size_t at) {
    T v{};
    std::memcpy(&v, b.data() + at, sizeof v);
    return v;
}

std::string string_at(std::string_view b, size_t at) {
    if (at >= b.size()) return {};
    size_t end = b.find('\0', at);
    return std::string(b.substr(at, end == std::string_view::npos ? b.size() - at : end - at));
}

bool regular_file(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// A library candidate must be an ELF file: libc.so in a -dev package is a linker script.
bool elf_file(const std::string& path) {
    if (!regular_file(path)) return false;
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    return in && std::memcmp(magic, "\x7f" "ELF", 4) == 0;
}

bool names(std::string_view module, std::string_view soname, bool exact) {
    if (exact) return soname == module;
    return soname.size() > module.size() && soname.starts_with(module) && soname[module.size()] == '.';
}

// The default directories of Debian's x86-64 dynamic loader, in its order.
const std::vector<std::string>& default_dirs() {
    static const std::vector<std::string> dirs = {"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
                                                  "/lib64", "/usr/lib64", "/lib", "/usr/lib"};
    return dirs;
}

}  // namespace

std::vector<LdCacheEntry> parse_ld_so_cache(std::string_view b) {
    std::vector<LdCacheEntry> out;
    size_t base = 0;
    if (b.starts_with(kOldMagic)) {
        // The old table (12-byte header with the count, 12-byte entries), then the new one on an
        // 8-byte boundary.
        if (b.size() < 16) return out;
        uint32_t n = read_at<uint32_t>(b, 12);
        base = (16 + size_t{n} * 12 + 7) & ~size_t{7};
    }
    if (base + kNewHeader > b.size() || b.substr(base, kNewMagic.size()) != kNewMagic) return out;
    uint32_t n = read_at<uint32_t>(b, base + 20);
    for (size_t i = 0; i < n; ++i) {
        size_t at = base + kNewHeader + i * kNewEntry;
        if (at + kNewEntry > b.size()) break;
        auto flags = read_at<int32_t>(b, at);
        if ((flags & 0xff) != kElfLibc6 || (flags & 0xff00) != kX8664Lib64) continue;
        // String offsets count from the new header.
        LdCacheEntry e;
        e.name = string_at(b, base + read_at<uint32_t>(b, at + 4));
        e.path = string_at(b, base + read_at<uint32_t>(b, at + 8));
        e.flags = flags;
        e.hwcap = read_at<uint64_t>(b, at + 16);
        if (!e.name.empty() && !e.path.empty()) out.push_back(std::move(e));
    }
    return out;
}

std::optional<std::string> find_library(std::string_view module, const std::vector<LdCacheEntry>& cache,
                                        const std::vector<std::string>& dirs) {
    for (bool exact : {true, false}) {
        // The loader prefers a glibc-hwcaps variant only when the CPU has its features; the
        // baseline entry is the one every process can load.
        for (bool baseline : {true, false})
            for (const auto& e : cache)
                if ((e.hwcap == 0) == baseline && names(module, e.name, exact) && elf_file(e.path)) return e.path;
        for (const auto& d : dirs) {
            if (exact) {
                std::string p = d + "/" + std::string(module);
                if (elf_file(p)) return p;
                continue;
            }
            DIR* dir = ::opendir(d.c_str());
            if (!dir) continue;
            std::optional<std::string> found;
            while (dirent* ent = ::readdir(dir))
                if (names(module, ent->d_name, false) && elf_file(d + "/" + ent->d_name)) {
                    found = d + "/" + ent->d_name;
                    break;
                }
            ::closedir(dir);
            if (found) return found;
        }
    }
    return std::nullopt;
}

namespace {
std::map<std::string, std::string>& learned() {
    static std::map<std::string, std::string> files;
    return files;
}
}  // namespace

void learn_module_file(const std::string& module, const std::string& path) {
    if (path.empty())
        learned().erase(module);
    else
        learned()[module] = path;
}

std::optional<std::string> resolve_module_file(std::string_view module) {
    if (module.empty()) return std::nullopt;
    std::string m(module);
    if (auto it = learned().find(m); it != learned().end() && regular_file(it->second)) return it->second;
    if (m.find('/') != std::string::npos) return regular_file(m) ? std::optional<std::string>(m) : std::nullopt;
    std::ifstream in("/etc/ld.so.cache", std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (auto lib = find_library(m, parse_ld_so_cache(bytes), default_dirs())) return lib;
    if (const char* path = std::getenv("PATH")) {
        std::string_view rest(path);
        while (!rest.empty()) {
            size_t colon = rest.find(':');
            std::string dir(rest.substr(0, colon));
            rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
            if (dir.empty()) continue;
            std::string p = dir + "/" + m;
            if (regular_file(p) && ::access(p.c_str(), X_OK) == 0) return p;
        }
    }
    return std::nullopt;
}

}  // namespace bdtrace::process
