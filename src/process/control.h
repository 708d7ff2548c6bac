// Process control for -c and -p (libdtrace's dt_proc): the processes a tracing session
// created or grabbed, held until tracing is attached, and watched until they exit.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace bdtrace::process {

// What the environment of a created process is changed by (-x setenv, -x unsetenv).
struct EnvironmentEdits {
    std::vector<std::string> set;    // NAME=VALUE
    std::vector<std::string> unset;  // NAME
};

// One process that has gone away, with how it ended when dtrace could see it (its own
// children only; a grabbed process's status belongs to its parent).
struct ExitReport {
    pid_t pid = 0;
    bool status_known = false;
    bool signaled = false;
    int code = 0;  // the exit status, or the signal number when signaled
};

// DTrace's notice for an exit (dtrace.c's prochandler), without the program-name prefix:
// "pid N has exited", "pid N exited with status S", "pid N terminated by SIGKILL".
std::string exit_notice(const ExitReport& report);

class ProcessSet {
public:
    ProcessSet() = default;
    ~ProcessSet();
    ProcessSet(const ProcessSet&) = delete;
    ProcessSet& operator=(const ProcessSet&) = delete;

    // Starts argv (argv[0] looked up in PATH) and holds it once the dynamic linker has mapped
    // its libraries, before any of their code or the program's has run (preinit.h), until
    // resume(). On failure returns nullopt and `error` holds DTrace's
    // words: "failed to execute X: cannot find executable file".
    std::optional<pid_t> create(const std::vector<std::string>& argv, const EnvironmentEdits& env,
                                std::string* error);
    // Watches a running process; "failed to grab pid N: no such process" when there is none.
    std::optional<pid_t> grab(pid_t pid, std::string* error);

    // Lets every held process run (dtrace_proc_continue). Idempotent.
    void resume();

    // The processes that have exited since the last call, without blocking.
    std::vector<ExitReport> reap();

    size_t count() const { return procs_.size(); }
    // Every process created or grabbed, in order.
    std::vector<pid_t> pids() const {
        std::vector<pid_t> out;
        for (const Proc& p : procs_) out.push_back(p.pid);
        return out;
    }
    // Whether pid is a process create() started (our child).
    bool is_child(pid_t pid) const;
    size_t live() const;

private:
    struct Proc {
        pid_t pid = 0;
        bool created = false;  // our child: waitpid tells how it ended
        bool held = false;     // stopped by ptrace after exec, not yet resumed
        bool exited = false;
        int pidfd = -1;        // grabbed processes: readable once the process is gone
    };
    std::vector<Proc> procs_;
    // The guardian (control.cpp): a small process of ours that sends SIGCONT to the processes
    // we created once we are gone, however we went (SIGKILL included), so that none is left
    // stopped by the library watch. Told each created pid through this pipe; started with the
    // first created process.
    void guard(pid_t pid);
    int guardian_fd_ = -1;
    pid_t guardian_ = 0;
};

}  // namespace bdtrace::process
