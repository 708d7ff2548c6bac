#include "usdtgen/linker.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace bdtrace::usdtgen {

namespace {

// `s` as one shell word.
std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::optional<std::string> relink(const std::string& ld_path, const std::string& file) {
    // The written object is read through a descriptor the shell inherits and the name is
    // freed for the linker's output, so a failed link leaves no stale object behind.
    int fd = open(file.c_str(), O_RDONLY);
    if (fd < 0) return "failed to open " + file + ": " + std::strerror(errno);
    unlink(file.c_str());
    // ldpath is a command, as DTrace passes it to the shell unquoted; the file names are not.
    std::string cmd = ld_path + " -o " + quoted(file) + " -r /dev/fd/" + std::to_string(fd);
    std::fflush(stdout);
    std::fflush(stderr);
    int status = std::system(cmd.c_str());
    int saved = errno;
    close(fd);
    if (status == -1) return "failed to run " + ld_path + ": " + std::strerror(saved);
    if (WIFSIGNALED(status))
        return "failed to link " + file + ": " + ld_path + " failed due to signal " +
               std::to_string(WTERMSIG(status));
    if (WEXITSTATUS(status) != 0)
        return "failed to link " + file + ": " + ld_path + " exited with status " +
               std::to_string(WEXITSTATUS(status));
    return std::nullopt;
}

}  // namespace bdtrace::usdtgen
