// Where a stripped file's separate debug information lives, as gdb and libdw look for it:
// /usr/lib/debug/.build-id/xx/rest.debug by build-id, else the .gnu_debuglink name next to the
// file, in its .debug/ folder, or under /usr/lib/debug/<its folder>/.
#pragma once

#include <string>
#include <vector>

namespace bdtrace::process {

// Candidate paths in search order (the caller opens the first that exists and matches).
// `root` prefixes every path (a process's /proc/PID/root, or "").
std::vector<std::string> debug_file_candidates(const std::string& root, const std::string& path,
                                               const std::string& build_id,
                                               const std::string& debuglink);

}  // namespace bdtrace::process
