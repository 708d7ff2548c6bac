// User addresses to names (%A, later usym()/ufunc()): the process's mappings from
// /proc/PID/maps and the function symbols of the mapped files (elf_file.h: .symtab, a separate
// debug file's .symtab, .dynsym), each file read once.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "process/elf_file.h"

namespace bdtrace::process {

class UserSymbols {
public:
    UserSymbols();
    ~UserSymbols();
    // "module`symbol+0xoff" ("module`symbol" at its start; module is the file's base name), or
    // empty when the process or the address is unknown (DTrace then prints the address).
    std::string describe(uint64_t pid, uint64_t addr);

private:
    const ElfFile* file(const std::string& root, const std::string& path);
    std::map<std::string, std::shared_ptr<const ElfFile>> files_;
};

}  // namespace bdtrace::process
