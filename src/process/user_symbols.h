// User addresses to names (%A, later usym()/ufunc()): the process's mappings from
// /proc/PID/maps and the ELF symbols of the mapped files (.symtab, else .dynsym), read with
// libelf and cached per file.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace bdtrace::process {

class UserSymbols {
public:
    UserSymbols();
    ~UserSymbols();
    // "module`symbol+0xoff" ("module`symbol" at its start; module is the file's base name), or
    // empty when the process or the address is unknown (DTrace then prints the address).
    std::string describe(uint64_t pid, uint64_t addr);

    struct ElfFile;

private:
    ElfFile* file(const std::string& path, const std::string& open_path);
    std::map<std::string, std::unique_ptr<ElfFile>> files_;
};

}  // namespace bdtrace::process
