// Which file a system-wide pid description's module names (pid*:libc.so.6:malloc:entry): a path
// names itself; a plain name is looked up as the dynamic loader looks up a DT_NEEDED entry (the
// x86-64 libraries of /etc/ld.so.cache, then the default directories), accepting the pid
// provider's spellings of a library ("libc.so" and "libc" name libc.so.6, module_match.h); a
// name no library has is looked up in $PATH (an executable: pid*:bash:readline:entry).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bdtrace::process {

struct LdCacheEntry {
    std::string name;  // the soname (libc.so.6)
    std::string path;  // where it lives (/lib/x86_64-linux-gnu/libc.so.6)
    int32_t flags = 0;
    uint64_t hwcap = 0;  // non-zero for glibc-hwcaps subdirectory entries
};

// The x86-64 ELF entries of an ld.so.cache image (glibc's "glibc-ld.so.cache1.1" format, alone or
// after the old "ld.so-1.7.0" table), in file order; empty when the image is not one.
std::vector<LdCacheEntry> parse_ld_so_cache(std::string_view bytes);

// The library `module` names among `cache`, then in `dirs`: the exact soname first, else the
// first whose name continues `module` with a '.'. Nullopt when none does.
std::optional<std::string> find_library(std::string_view module, const std::vector<LdCacheEntry>& cache,
                                        const std::vector<std::string>& dirs);

// The file a module names on this machine: a path (one with a '/') when it exists, a library
// (ld.so.cache, the default directories), else an executable in $PATH. Nullopt when none.
std::optional<std::string> resolve_module_file(std::string_view module);

// A file a process was seen to run or map under the name `module` while tracing (a library its
// loader found where this machine's would not look: an rpath, LD_LIBRARY_PATH; a file created
// later): resolve_module_file names it from then on. An empty path forgets the name.
void learn_module_file(const std::string& module, const std::string& path);

}  // namespace bdtrace::process
