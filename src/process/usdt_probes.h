// USDT probe resolution: which <sys/sdt.h> probes a description names, in one process
// (myprov1234:module:function:name, as DTrace) or in every file that carries them (a provider
// glob without a pid, or a module that is a path: system-wide, beyond DTrace). A probe is
// DTrace's: one provider, module, function and name; its call sites (one per expansion of the
// probe macro: an inlined probe has several) each keep their own location and argument specs.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "process/elf_file.h"
#include "process/proc_maps.h"
#include "process/usdt_notes.h"

namespace bdtrace::process {

struct UsdtSite {
    uint64_t file_offset = 0;     // where the uprobe goes
    uint64_t ref_ctr_offset = 0;  // the semaphore's file offset, 0 when none
    uint64_t vaddr = 0;           // the site in the file's layout
    std::vector<UsdtArg> args;
    std::string arg_text;
    std::string error;  // the specs could not be used (the site is listed, never attached)
    // The site is a 5-byte NOP (older libbpf usdt.h; sys/sdt.h's is 1 byte) that is not a
    // function's first instruction: see probes::UprobePlan::nop5_site.
    bool nop5 = false;
    std::string path;  // the instruction and the kernel's path there ("nop: emulated")
};

struct UsdtProbe {
    std::string provider;  // the note's provider (no pid)
    std::string module;    // the file's base name, as DTrace names modules (system-wide too)
    std::string function;  // the function containing the sites (as in the file), "" when unknown
    std::string name;      // DTrace spelling (function-entry)
    std::string path;      // the file as reachable from here (through /proc/PID/root)
    uint64_t pid = 0;      // 0: system-wide
    std::vector<UsdtSite> sites;
};

class UsdtResolver {
public:
    // The probes of process `pid` whose provider matches `provider` (the description's
    // provider with the pid taken off; may be a glob) and whose fields match.
    std::vector<UsdtProbe> resolve(uint64_t pid, std::string_view provider, std::string_view module,
                                   std::string_view function, std::string_view name,
                                   bool* module_missing = nullptr);
    // System-wide: a module that is a path (or a glob of paths) names files directly; otherwise
    // the files every running process maps are searched, module matched against base names.
    std::vector<UsdtProbe> resolve_all(std::string_view provider, std::string_view module,
                                       std::string_view function, std::string_view name);

private:
    struct File {
        std::shared_ptr<const UsdtFile> notes;
        std::shared_ptr<const ElfFile> elf;
    };
    const File* file(const std::string& root, const std::string& path, uint64_t dev, uint64_t inode);
    void probes_of(const File& f, const std::string& path, const std::string& module, uint64_t pid,
                   std::string_view provider, std::string_view function, std::string_view name,
                   std::vector<UsdtProbe>& out);
    std::map<std::string, File> cache_;
};

}  // namespace bdtrace::process
