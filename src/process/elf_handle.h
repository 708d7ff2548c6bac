// An ELF file opened read-only with libelf, closed with the handle: elf is null when the file
// cannot be opened or is not ELF.
#pragma once

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <string>

namespace bdtrace::process {

struct ElfHandle {
    int fd = -1;
    Elf* elf = nullptr;
    explicit ElfHandle(const std::string& path) {
        elf_version(EV_CURRENT);
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0) elf = elf_begin(fd, ELF_C_READ, nullptr);
        if (elf && elf_kind(elf) != ELF_K_ELF) {
            elf_end(elf);
            elf = nullptr;
        }
    }
    ~ElfHandle() {
        if (elf) elf_end(elf);
        if (fd >= 0) ::close(fd);
    }
    ElfHandle(const ElfHandle&) = delete;
    ElfHandle& operator=(const ElfHandle&) = delete;
};

}  // namespace bdtrace::process
