// The probe names one function gets from a name pattern, by DTrace's rules: "entry" and "return"
// when the pattern matches them; a plain hexadecimal offset inside the function on an instruction
// boundary; for a glob, every instruction offset whose hex spelling ("1c") matches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "process/elf_file.h"

namespace bdtrace::process {

struct ProbeName {
    std::string name;
    bool entry = false, ret = false;  // neither: an offset probe
    uint64_t offset = 0;
};

// `function` is the name DTrace shows, for its error messages. Fills `error` and returns nothing
// when DTrace refuses the description.
std::vector<ProbeName> probe_names(const ElfFile& file, const ElfSymbol& sym,
                                   const std::string& function, std::string_view pattern,
                                   std::optional<Diagnostic>& error);

}  // namespace bdtrace::process
