// GNU indirect functions (STT_GNU_IFUNC: glibc's strlen, memcpy, strcmp, ...): the symbol's
// address is a resolver the dynamic linker calls once to pick an implementation. A probe on the
// resolver would fire once at start-up and never again, so the pid provider probes the
// implementation the process actually uses: the dynamic linker stored it in a GOT slot of the
// object through an R_X86_64_IRELATIVE relocation whose addend is the resolver.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace bdtrace::process {

// The implementation's address in the file's own layout, or nullopt when the object has no
// such slot or the slot does not point into the object. `file` is the object file as reachable
// from here, `load_bias` turns its addresses into the process's.
std::optional<uint64_t> resolved_ifunc(uint64_t pid, const std::string& file, uint64_t load_bias,
                                       uint64_t resolver_vaddr);

}  // namespace bdtrace::process
