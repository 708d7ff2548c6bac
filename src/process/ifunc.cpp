#include "process/ifunc.h"

#include <elf.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <map>
#include <mutex>

namespace bdtrace::process {

namespace {

// resolver address -> GOT slot address, from every SHT_RELA section of the file (read once).
const std::map<uint64_t, uint64_t>& irelative_slots(const std::string& file) {
    static std::mutex mu;
    static std::map<std::string, std::map<uint64_t, uint64_t>> cache;
    std::lock_guard<std::mutex> lock(mu);
    auto [it, fresh] = cache.try_emplace(file);
    if (!fresh) return it->second;
    elf_version(EV_CURRENT);
    int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return it->second;
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    Elf_Scn* scn = nullptr;
    while (elf && (scn = elf_nextscn(elf, scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || sh.sh_entsize == 0) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        for (size_t i = 0; data && i < sh.sh_size / sh.sh_entsize; ++i) {
            GElf_Rela r;
            if (gelf_getrela(data, static_cast<int>(i), &r) && GELF_R_TYPE(r.r_info) == R_X86_64_IRELATIVE)
                it->second.emplace(static_cast<uint64_t>(r.r_addend), r.r_offset);
        }
    }
    if (elf) elf_end(elf);
    ::close(fd);
    return it->second;
}

}  // namespace

std::optional<uint64_t> resolved_ifunc(uint64_t pid, const std::string& file, uint64_t load_bias,
                                       uint64_t resolver_vaddr) {
    const auto& slots = irelative_slots(file);
    auto it = slots.find(resolver_vaddr);
    if (it == slots.end()) return std::nullopt;
    int fd = ::open(("/proc/" + std::to_string(pid) + "/mem").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    uint64_t target = 0;
    ssize_t n = ::pread(fd, &target, sizeof target, static_cast<off_t>(load_bias + it->second));
    ::close(fd);
    if (n != sizeof target || target < load_bias || target == load_bias + resolver_vaddr) return std::nullopt;
    return target - load_bias;
}

}  // namespace bdtrace::process
