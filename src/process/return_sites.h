// Where a function returns, as DTrace's pid provider places its return probes: on every `ret`
// and on every jump that leaves the function (a tail call: the callee returns to our caller).
// A uprobe on each site gives the return probe DTrace's arguments (arg0: the site's offset in
// the function, arg1: the return value) and leaves the stack untouched, where a return uprobe
// would replace the return address with the kernel's trampoline.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bdtrace::process {

struct ReturnSites {
    std::vector<uint64_t> offsets;  // within the function, ascending
    bool complete = true;           // false when some bytes did not decode: sites may be missing
};

ReturnSites return_sites(const uint8_t* code, size_t size);

}  // namespace bdtrace::process
