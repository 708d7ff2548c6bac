// Process control with ptrace and pidfds. A created process is our child: it asks to be traced
// before execve, so the kernel stops it with SIGTRAP once the new image is mapped and before
// its first instruction (the dynamic loader's entry) runs; detaching later lets it go. Exit
// statuses come from waitpid. A grabbed process is not stopped at all: attaching uprobes needs
// no cooperation, and its pidfd turns readable when it exits.
#include "process/control.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "process/preinit.h"

extern char** environ;

namespace bdtrace::process {

namespace {

// The environment of a created process: ours, with -x unsetenv names removed and -x setenv
// entries replacing or adding their names.
std::vector<std::string> child_environment(const EnvironmentEdits& edits) {
    auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
    std::vector<std::string> env;
    for (char** e = environ; e && *e; ++e) env.emplace_back(*e);
    auto drop = [&](const std::string& name) {
        std::erase_if(env, [&](const std::string& entry) { return name_of(entry) == name; });
    };
    for (const std::string& name : edits.unset) drop(name);
    for (const std::string& entry : edits.set) {
        drop(name_of(entry));
        env.push_back(entry.find('=') == std::string::npos ? entry + "=" : entry);
    }
    return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
    std::vector<char*> out;
    for (std::string& s : v) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

pid_t wait_for(pid_t pid, int* status, int flags) {
    pid_t r;
    do {
        r = waitpid(pid, status, flags);
    } while (r < 0 && errno == EINTR);
    return r;
}

ExitReport report_of(pid_t pid, int status) {
    ExitReport r;
    r.pid = pid;
    r.status_known = true;
    r.signaled = WIFSIGNALED(status);
    r.code = r.signaled ? WTERMSIG(status) : WEXITSTATUS(status);
    return r;
}

}  // namespace

std::string exit_notice(const ExitReport& r) {
    std::string pid = "pid " + std::to_string(r.pid);
    if (r.status_known && r.signaled) {
        const char* abbrev = sigabbrev_np(r.code);
        return pid + " terminated by " + (abbrev ? std::string("SIG") + abbrev : "SIG#" + std::to_string(r.code));
    }
    if (r.status_known && r.code != 0) return pid + " exited with status " + std::to_string(r.code);
    return pid + " has exited";
}

ProcessSet::~ProcessSet() {
    // As DTrace sets kill-on-last-close on the processes it creates: a command still running
    // when tracing ends goes with it. Grabbed processes are left alone.
    for (Proc& p : procs_) {
        if (p.created && !p.exited) {
            kill(p.pid, SIGKILL);
            int status;
            wait_for(p.pid, &status, 0);
        }
        if (p.pidfd >= 0) close(p.pidfd);
    }
    if (guardian_fd_ >= 0) {
        close(guardian_fd_);  // the guardian's end of file: it signals and exits at once
        int status;
        wait_for(guardian_, &status, 0);
    }
}

namespace {

// The guardian's life: collect the created processes (as pidfds, immune to pid reuse) until
// the pipe's writer, dtrace, is gone; then let them all continue. Only async-signal-safe calls:
// dtrace may have had other threads when it forked.
[[noreturn]] void guardian_main(int in) {
    // Nothing of dtrace's stays open here (BPF links included: they must go with dtrace), and
    // the terminal's signals are dtrace's business.
    if (in != 3) {
        dup2(in, 3);
        in = 3;
    }
    syscall(SYS_close_range, 4u, ~0u, 0u);
    int null = open("/dev/null", O_RDWR);
    for (int fd = 0; fd < 3; ++fd) dup2(null, fd);
    if (null > 2) close(null);
    for (int sig : {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE}) signal(sig, SIG_IGN);
    int fds[64];
    int n = 0;
    pid_t pid;
    for (;;) {
        ssize_t r = read(in, &pid, sizeof pid);
        if (r < 0 && errno == EINTR) continue;
        if (r != static_cast<ssize_t>(sizeof pid)) break;
        int fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
        if (fd >= 0 && n < 64) fds[n++] = fd;
    }
    for (int i = 0; i < n; ++i) syscall(SYS_pidfd_send_signal, fds[i], SIGCONT, nullptr, 0);
    _exit(0);
}

}  // namespace

void ProcessSet::guard(pid_t child) {
    if (guardian_fd_ < 0) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) return;
        pid_t g = fork();
        if (g < 0) {
            close(fds[0]);
            close(fds[1]);
            return;
        }
        if (g == 0) {
            close(fds[1]);
            guardian_main(fds[0]);
        }
        close(fds[0]);
        guardian_fd_ = fds[1];
        guardian_ = g;
    }
    ssize_t n = write(guardian_fd_, &child, sizeof child);
    (void)n;
}

std::optional<pid_t> ProcessSet::create(const std::vector<std::string>& argv, const EnvironmentEdits& edits,
                                        std::string* error) {
    const std::string file = argv.empty() ? std::string() : argv[0];
    auto fail = [&](const std::string& why) {
        *error = "failed to execute " + file + ": " + why;
        return std::nullopt;
    };
    // Everything the child needs is built before fork: after it only async-signal-safe calls.
    std::vector<std::string> args = argv.empty() ? std::vector<std::string>{""} : argv;
    std::vector<std::string> env = child_environment(edits);
    std::vector<char*> c_args = c_strings(args);
    std::vector<char*> c_env = c_strings(env);

    // The child reports a failed exec through this pipe; a successful one closes it unread.
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return fail("unanticipated system error");
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return fail("cannot fork");
    }
    if (pid == 0) {
        close(fds[0]);
        int err = 0;
        if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0) {
            err = errno;
        } else {
            execvpe(c_args[0], c_args.data(), c_env.data());
            err = errno;
        }
        ssize_t n = write(fds[1], &err, sizeof err);
        (void)n;
        _exit(127);
    }
    close(fds[1]);
    int child_errno = 0;
    ssize_t n;
    do {
        n = read(fds[0], &child_errno, sizeof child_errno);
    } while (n < 0 && errno == EINTR);
    close(fds[0]);
    int status = 0;
    if (n == static_cast<ssize_t>(sizeof child_errno)) {
        wait_for(pid, &status, 0);
        return fail(child_errno == ENOENT ? "cannot find executable file" : "cannot execute file");
    }
    // Exec succeeded: wait for the stop the kernel makes on return from execve.
    if (wait_for(pid, &status, 0) != pid || !WIFSTOPPED(status)) {
        *error = "failed to control pid " + std::to_string(pid) + ": process " +
                 (WIFSIGNALED(status) ? "died from signal " + std::to_string(WTERMSIG(status))
                                      : "exited with status " + std::to_string(WEXITSTATUS(status)));
        return std::nullopt;
    }
    // DTrace holds a created process once its libraries are mapped, so that probes on them
    // resolve and attach before anything runs.
    std::string why;
    if (!run_to_preinit(pid, &why)) {
        *error = "failed to control pid " + std::to_string(pid) + ": " + why;
        wait_for(pid, &status, WNOHANG);
        return std::nullopt;
    }
    Proc p;
    p.pid = pid;
    p.created = true;
    p.held = true;
    procs_.push_back(p);
    guard(pid);
    return pid;
}

std::optional<pid_t> ProcessSet::grab(pid_t pid, std::string* error) {
    for (const Proc& p : procs_)
        if (p.pid == pid) return pid;  // grabbed twice: one process, watched once
    int fd = pid > 0 ? static_cast<int>(syscall(SYS_pidfd_open, pid, 0)) : -1;
    if (fd < 0) {
        // ESRCH: no such process; EINVAL: a thread that is not a process (or pid <= 0).
        bool missing = pid <= 0 || errno == ESRCH || errno == EINVAL || errno == ENOENT;
        *error = "failed to grab pid " + std::to_string(pid) + ": " +
                 (missing ? "no such process" : "unanticipated system error");
        return std::nullopt;
    }
    Proc p;
    p.pid = pid;
    p.pidfd = fd;
    procs_.push_back(p);
    return pid;
}

void ProcessSet::resume() {
    for (Proc& p : procs_) {
        if (!p.held) continue;
        // Detaching with signal 0 sets the process running (the exec SIGTRAP was discarded or is).
        ptrace(PTRACE_DETACH, p.pid, nullptr, nullptr);
        p.held = false;
    }
}

std::vector<ExitReport> ProcessSet::reap() {
    std::vector<ExitReport> out;
    for (Proc& p : procs_) {
        if (p.exited) continue;
        if (p.created) {
            int status = 0;
            pid_t r = wait_for(p.pid, &status, WNOHANG);
            if (r == p.pid && (WIFEXITED(status) || WIFSIGNALED(status))) {
                p.exited = true;
                out.push_back(report_of(p.pid, status));
            } else if (r < 0 && errno == ECHILD) {  // reaped elsewhere: gone, status unknown
                p.exited = true;
                out.push_back(ExitReport{p.pid});
            }
            continue;
        }
        pollfd pfd{p.pidfd, POLLIN, 0};
        if (poll(&pfd, 1, 0) > 0) {
            p.exited = true;
            out.push_back(ExitReport{p.pid});
        }
    }
    return out;
}

bool ProcessSet::is_child(pid_t pid) const {
    for (const Proc& p : procs_)
        if (p.pid == pid) return p.created;
    return false;
}

size_t ProcessSet::live() const {
    size_t n = 0;
    for (const Proc& p : procs_) n += !p.exited;
    return n;
}

}  // namespace bdtrace::process
