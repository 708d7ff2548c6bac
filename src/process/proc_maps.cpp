#include "process/proc_maps.h"

#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace bdtrace::process {

namespace {

constexpr const char kDeleted[] = " (deleted)";

std::string strip_deleted(std::string path) {
    size_t n = sizeof kDeleted - 1;
    if (path.size() > n && path.compare(path.size() - n, n, kDeleted) == 0) path.resize(path.size() - n);
    return path;
}

}  // namespace

std::vector<MappedObject> parse_maps(const std::string& text, const std::string& exe,
                                     const std::string& root) {
    std::vector<MappedObject> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ls(line);
        std::string range, perms, offset, dev, inode, path;
        if (!(ls >> range >> perms >> offset >> dev >> inode)) continue;
        std::getline(ls >> std::ws, path);
        // Only files: not [heap], [vdso], anonymous memory.
        if (path.empty() || path[0] != '/') continue;
        path = strip_deleted(path);
        MappedRange r;
        r.start = std::strtoull(range.c_str(), nullptr, 16);
        r.end = std::strtoull(range.c_str() + range.find('-') + 1, nullptr, 16);
        r.offset = std::strtoull(offset.c_str(), nullptr, 16);
        r.exec = perms.size() > 2 && perms[2] == 'x';
        unsigned major = static_cast<unsigned>(std::strtoul(dev.c_str(), nullptr, 16));
        unsigned minor = static_cast<unsigned>(std::strtoul(dev.c_str() + dev.find(':') + 1, nullptr, 16));
        uint64_t devno = makedev(major, minor);
        uint64_t ino = std::strtoull(inode.c_str(), nullptr, 10);
        MappedObject* obj = nullptr;
        for (auto& o : out)
            if (o.path == path && o.dev == devno && o.inode == ino) obj = &o;
        if (!obj) {
            MappedObject o;
            o.path = path;
            o.root = root;
            o.dev = devno;
            o.inode = ino;
            o.module = path.substr(path.rfind('/') + 1);
            o.executable = path == exe;
            out.push_back(std::move(o));
            obj = &out.back();
        }
        obj->ranges.push_back(r);
    }
    return out;
}

std::optional<std::vector<MappedObject>> read_mapped_objects(uint64_t pid) {
    std::string proc = "/proc/" + std::to_string(pid);
    std::ifstream maps(proc + "/maps");
    if (!maps) return std::nullopt;
    std::stringstream text;
    text << maps.rdbuf();
    char buf[4096];
    ssize_t n = ::readlink((proc + "/exe").c_str(), buf, sizeof buf - 1);
    std::string exe = n > 0 ? strip_deleted(std::string(buf, static_cast<size_t>(n))) : "";
    // A process that exited between the open and the read leaves an empty file.
    std::string s = text.str();
    if (s.empty()) return std::nullopt;
    return parse_maps(s, exe, proc + "/root");
}

}  // namespace bdtrace::process
