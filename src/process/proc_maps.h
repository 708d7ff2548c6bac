// The object files a process has mapped, from /proc/PID/maps: one entry per file, in address
// order, with what a uprobe needs to name the file (path through the process's root, device and
// inode) and the load bias that turns the file's virtual addresses into the process's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::process {

struct MappedRange {
    uint64_t start = 0, end = 0, offset = 0;  // offset: into the file
    bool exec = false;
};

struct MappedObject {
    std::string path;       // as the process sees it (the maps line's path)
    std::string root;       // "/proc/PID/root": open root + path to reach the file from here
    uint64_t dev = 0;       // makedev(major, minor) of the maps line
    uint64_t inode = 0;
    std::string module;     // the base name: the module name DTrace shows
    bool executable = false;  // the process's a.out (/proc/PID/exe)
    std::vector<MappedRange> ranges;
};

// Null when the process does not exist or its maps cannot be read.
std::optional<std::vector<MappedObject>> read_mapped_objects(uint64_t pid);

// Parses the text of a maps file (for tests); `exe` is the executable's path.
std::vector<MappedObject> parse_maps(const std::string& text, const std::string& exe,
                                     const std::string& root);

}  // namespace bdtrace::process
