// DTrace's (libproc's) ordering of symbols by address: at one address, global before local, names
// not starting with '$' first, then fewer leading underscores, then the smaller size, then by
// name. The first of several aliases in this order is the name DTrace gives the function.
#pragma once

#include "process/elf_file.h"

namespace bdtrace::process {

bool symbol_before(const ElfSymbol& a, const ElfSymbol& b);

}  // namespace bdtrace::process
