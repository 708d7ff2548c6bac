// The dynamic linker's debugging interface (glibc's r_debug, <link.h>) in one process: where its
// hook function is (_dl_debug_state, called each time the set of loaded objects changes: with
// r_state RT_ADD or RT_DELETE before the change and RT_CONSISTENT after it) and where the r_debug
// structure is. The pid provider stops a -c command at the first RT_CONSISTENT (every library of
// the command mapped, none initialised: DTrace's "preinit") and watches the hook for dlopen().
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>

namespace bdtrace::process {

struct RtldHook {
    std::string path;           // the dynamic linker as the process names it
    std::string root;           // "/proc/PID/root": root + path reaches the file from here
    uint64_t hook_address = 0;  // _dl_debug_state in the process
    uint64_t hook_file_offset = 0;
    uint64_t r_debug_address = 0;  // _r_debug in the process
};

// r_debug's r_state field: its offset in the structure and the value after a change is complete.
inline constexpr uint64_t kRDebugStateOffset = 24;
inline constexpr uint32_t kRtConsistent = 0;

// Null for a statically linked process (no interpreter), one that is gone, or a dynamic linker
// that does not export the interface.
std::optional<RtldHook> find_rtld_hook(pid_t pid);

}  // namespace bdtrace::process
