// DTrace's "preinit" stop for a created process: from the stop on return from execve, run it
// until the dynamic linker has mapped every library it loads at start-up (the first
// RT_CONSISTENT report of its debugging hook, rtld.h), before any relocation or initialiser, and
// hold it there. pid probes on the command's libraries (pid$target:libc.so.6:...) then resolve
// and attach before one instruction of the program or its libraries has run.
#pragma once

#include <sys/types.h>

#include <string>

namespace bdtrace::process {

// `pid` is our ptrace-stopped child. True when it is held at the preinit point, or at the exec
// stop when there is nothing to wait for (a static executable, no hook); false with `why` when
// the process died on the way.
bool run_to_preinit(pid_t pid, std::string* why);

}  // namespace bdtrace::process
