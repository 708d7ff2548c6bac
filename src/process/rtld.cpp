#include "process/rtld.h"

#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <fstream>
#include <map>

#include "process/elf_file.h"
#include "process/proc_maps.h"

namespace bdtrace::process {

namespace {

// AT_BASE from /proc/PID/auxv: where the interpreter was loaded (0 without one).
std::optional<uint64_t> interpreter_base(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/auxv", std::ios::binary);
    if (!in) return std::nullopt;
    uint64_t pair[2];
    while (in.read(reinterpret_cast<char*>(pair), sizeof pair)) {
        if (pair[0] == AT_NULL) break;
        if (pair[0] == AT_BASE) return pair[1];
    }
    return uint64_t{0};
}

// The values of the named defined symbols of a file's .dynsym (any symbol type).
std::map<std::string, uint64_t> dynamic_symbols(const std::string& file,
                                                std::initializer_list<const char*> names) {
    std::map<std::string, uint64_t> out;
    elf_version(EV_CURRENT);
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return out;
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    Elf_Scn* scn = nullptr;
    while (elf && (scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM || sh.sh_entsize == 0) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        for (size_t i = 0; data && i < sh.sh_size / sh.sh_entsize; ++i) {
            GElf_Sym sym;
            if (!gelf_getsym(data, static_cast<int>(i), &sym) || sym.st_shndx == SHN_UNDEF) continue;
            const char* name = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (!name) continue;
            for (const char* want : names)
                if (std::string_view(name) == want) out[want] = sym.st_value;
        }
    }
    if (elf) elf_end(elf);
    ::close(fd);
    return out;
}

}  // namespace

std::optional<RtldHook> find_rtld_hook(pid_t pid) {
    auto base = interpreter_base(pid);
    if (!base || *base == 0) return std::nullopt;
    auto mapped = read_mapped_objects(static_cast<uint64_t>(pid));
    if (!mapped) return std::nullopt;
    for (const MappedObject& obj : *mapped) {
        bool holds_base = false;
        for (const MappedRange& r : obj.ranges) holds_base |= r.start == *base && r.offset == 0;
        if (!holds_base) continue;
        auto elf = ElfFile::load(obj.root, obj.path);
        auto syms = dynamic_symbols(obj.root + obj.path, {"_dl_debug_state", "_r_debug"});
        if (!elf || elf->loads.empty() || syms.size() != 2) return std::nullopt;
        // The interpreter is loaded at AT_BASE less its first segment's page-aligned address.
        uint64_t bias = *base - (elf->loads.front().vaddr & ~uint64_t{0xfff});
        auto off = elf->file_offset(syms["_dl_debug_state"]);
        if (!off) return std::nullopt;
        RtldHook h;
        h.path = obj.path;
        h.root = obj.root;
        h.hook_address = bias + syms["_dl_debug_state"];
        h.hook_file_offset = *off;
        h.r_debug_address = bias + syms["_r_debug"];
        return h;
    }
    return std::nullopt;
}

}  // namespace bdtrace::process
