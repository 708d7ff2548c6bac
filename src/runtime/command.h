// system(): the consumer runs a command as system(3) does (sh -c, SIGINT and SIGQUIT ignored
// and SIGCHLD held meanwhile), and can serve its watches while the command runs.
#pragma once

#include <functional>
#include <string>

namespace bdtrace::runtime {

// Runs `command` with /bin/sh -c and waits for it; `serve`, when set, is called about every
// millisecond until the command ends. Returns the wait status (as system(3)), -1 on failure.
int run_command(const std::string& command, const std::function<void()>& serve);

}  // namespace bdtrace::runtime
