#include "process/grab_error.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>

namespace bdtrace::process {

std::string grab_error_reason(uint64_t pid) {
    std::string proc = "/proc/" + std::to_string(pid);
    if (::access(proc.c_str(), F_OK) != 0) return "no such process";
    // A zombie has no address space to read: its state letter is Z (after the parenthesised
    // name, which may itself hold spaces and parentheses).
    std::ifstream stat(proc + "/stat");
    std::string line;
    if (std::getline(stat, line)) {
        size_t close = line.rfind(')');
        if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z') return "zombie process";
    }
    int fd = ::open((proc + "/maps").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        if (e == EACCES || e == EPERM) return "permission denied";
        if (e == ENOENT || e == ESRCH) return "no such process";
        return "unanticipated system error";
    }
    ::close(fd);
    return "unanticipated system error";
}

}  // namespace bdtrace::process
