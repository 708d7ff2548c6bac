// Which of a process's objects a pid probe description's module names, as DTrace (libproc)
// decides: a glob is matched against each file's base name; a plain name picks one object, the
// first whose full path or base name equals it, else whose base name continues it with a '.'
// ("libc.so" and "libc" name libc.so.6), else the executable when it is "a.out".
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "process/proc_maps.h"

namespace bdtrace::process {

std::vector<size_t> match_modules(const std::vector<MappedObject>& objects,
                                  std::string_view pattern);

}  // namespace bdtrace::process
