// The probe names one function gets from a name pattern, by DTrace's rules: "entry" and "return"
// when the pattern matches them; a plain hexadecimal offset inside the function on an instruction
// boundary; for a glob, every instruction offset whose hex spelling ("1c") matches.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "process/elf_file.h"
#include "process/function_code.h"

namespace bdtrace::process {

struct ProbeName {
    std::string name;
    bool entry = false, ret = false;  // neither: an offset probe
    uint64_t offset = 0;
    bool nop5 = false;  // an offset probe on a 5-byte NOP other than the first instruction
};

// `function` is the name DTrace shows, for its error messages; `code` gives the function's
// decode (called only when offsets are needed). Fills `error` and returns nothing when DTrace
// refuses the description. Offsets need a complete decode (function_code.h): a uprobe on a
// byte that is not an instruction start would change the program.
std::vector<ProbeName> probe_names(const ElfSymbol& sym, const std::string& function, std::string_view pattern,
                                   const std::function<const FunctionCode&()>& code,
                                   std::optional<Diagnostic>& error);

}  // namespace bdtrace::process
