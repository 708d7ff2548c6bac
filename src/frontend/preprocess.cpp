// -C: runs the system C preprocessor over D source, as libdtrace's dt_preproc() does: the
// source goes to cpp's stdin, its stdout (with "# N "file"" line markers) is the new source.
// cpp's own stderr (error details, the -H include list) goes straight to ours.
#include "frontend/preprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string_view>

#include "bdtrace/bdtrace.h"

extern char** environ;

namespace bdtrace::frontend {

namespace {

// libdtrace's reasons (dtrace_errmsg) for the ways running cpp can fail.
constexpr const char* kCppFork = "Failed to fork preprocessor";
constexpr const char* kCppExec = "Failed to exec preprocessor";
constexpr const char* kCppNotFound = "Preprocessor not found";
constexpr const char* kCppFailed = "Preprocessor failed to process input program";

std::string basename_of(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "__" + text with every character that cannot be in an identifier turned into '_'.
std::string identifier_macro(const std::string& a, const std::string& b) {
    std::string out = "__" + a + "_" + b;
    for (char& c : out) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!ok) c = '_';
    }
    return out;
}

// The macros every D program sees under -C: DTrace's own, and the Linux counterparts of the
// platform macros illumos defines (__sun, __SVR4, __SunOS_5_11 ...).
std::vector<std::string> predefined_args(uint32_t version) {
    char verdef[64];
    std::snprintf(verdef, sizeof verdef, "-D__SUNW_D_VERSION=0x%08x", version);
    std::vector<std::string> args = {
        "-D__SUNW_D=1",
        verdef,
        "-D__SUNW_D_" + std::to_string(sizeof(void*) * 8),
        "-D__linux",
        "-D__unix",
        // GNU C's own names would clash with D identifiers, and system headers should not
        // use GNU extensions the D compiler cannot read (Oracle's dtrace does the same).
        "-Ulinux",
        "-Uunix",
        "-U__GNUC__",
    };
#if defined(__x86_64__)
    args.push_back("-D__amd64");
    args.push_back("-D__x86_64");
#elif defined(__aarch64__)
    args.push_back("-D__aarch64");
#endif
    struct utsname uts;
    if (uname(&uts) == 0) args.push_back("-D" + identifier_macro(uts.sysname, uts.release));
    return args;
}

// -X: GNU cpp cannot define __STDC__ as 0 without a warning, so a and t (__STDC__ 0 in
// DTrace) and c (__STDC__ 1) all run in strict C99 mode, where __STDC__ is 1 and no
// non-reserved names such as `linux` are predefined; s (K&R, no __STDC__) is traditional cpp.
std::vector<std::string> stdc_args(char mode) {
    if (mode == 's') return {"-traditional-cpp"};
    return {"-std=c99"};
}

std::vector<std::string> cpp_argv(const PreprocessOptions& opts) {
    std::vector<std::string> argv = {basename_of(opts.cpp_path)};
    for (auto& a : predefined_args(opts.version)) argv.push_back(std::move(a));
    for (auto& a : stdc_args(opts.stdc_mode)) argv.push_back(std::move(a));
    for (const auto& d : opts.defines) argv.push_back("-D" + d);
    for (const auto& u : opts.undefs) argv.push_back("-U" + u);
    for (const auto& i : opts.includes) argv.push_back("-I" + i);
    if (opts.print_headers) argv.push_back("-H");
    for (const auto& a : opts.extra_args) argv.push_back(a);
    return argv;
}

// A C string literal for a line marker's file name.
std::string quoted(const std::string& name) {
    std::string out = "\"";
    for (char c : name) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

// What cpp reads: a line marker naming the source, so that cpp's markers (and __FILE__) carry
// the script's name, then the text. An interpreter line ("#!/usr/sbin/dtrace -s") would be an
// invalid directive; it is emptied, keeping its newline so that line numbers stay right.
std::string cpp_input(const std::string& text, const std::string& source_name) {
    std::string in = "# 1 " + quoted(source_name) + "\n";
    if (text.compare(0, 2, "#!") == 0) {
        size_t nl = text.find('\n');
        if (nl != std::string::npos) in.append(text, nl, std::string::npos);
        return in;
    }
    return in + text;
}

struct ChildRun {
    int spawn_error = 0;  // errno from creating pipes or the process, 0 if it ran
    bool fork_failed = false;
    int status = 0;  // waitpid status
    std::string out;
};

// Blocks SIGPIPE while we feed a child that may stop reading early, and drops a SIGPIPE our
// own write raised, so that a preprocessor failing on bad input cannot kill the caller.
class SigpipeGuard {
public:
    SigpipeGuard() {
        sigset_t pipe_only;
        sigemptyset(&pipe_only);
        sigaddset(&pipe_only, SIGPIPE);
        sigset_t pending;
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
        pthread_sigmask(SIG_BLOCK, &pipe_only, &old_);
    }
    ~SigpipeGuard() {
        sigset_t pending;
        sigpending(&pending);
        if (!was_pending_ && sigismember(&pending, SIGPIPE) == 1) {
            sigset_t pipe_only;
            sigemptyset(&pipe_only);
            sigaddset(&pipe_only, SIGPIPE);
            struct timespec zero = {0, 0};
            sigtimedwait(&pipe_only, nullptr, &zero);
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }
    SigpipeGuard(const SigpipeGuard&) = delete;
    SigpipeGuard& operator=(const SigpipeGuard&) = delete;

private:
    sigset_t old_;
    bool was_pending_ = false;
};

// Writes `input` to the child's stdin and collects its stdout at the same time, so that
// neither side can fill a pipe and wait for the other.
void pump(int to_child, int from_child, std::string_view input, std::string& out) {
    size_t written = 0;
    if (input.empty()) {
        close(to_child);
        to_child = -1;
    }
    char buf[65536];
    while (from_child >= 0) {
        struct pollfd fds[2];
        int n = 0;
        fds[n++] = {from_child, POLLIN, 0};
        if (to_child >= 0) fds[n++] = {to_child, POLLOUT, 0};
        if (poll(fds, static_cast<nfds_t>(n), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (to_child >= 0 && fds[1].revents != 0) {
            ssize_t w = (fds[1].revents & POLLOUT)
                            ? write(to_child, input.data() + written, input.size() - written)
                            : -1;
            if (w > 0) written += static_cast<size_t>(w);
            if ((w < 0 && errno != EINTR && errno != EAGAIN) || written == input.size()) {
                close(to_child);
                to_child = -1;
            }
        }
        if (fds[0].revents != 0) {
            ssize_t r = read(from_child, buf, sizeof buf);
            if (r > 0) {
                out.append(buf, static_cast<size_t>(r));
            } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {
                close(from_child);
                from_child = -1;
            }
        }
    }
    if (to_child >= 0) close(to_child);
    if (from_child >= 0) close(from_child);
}

ChildRun run_filter(const std::string& path, const std::vector<std::string>& args,
                    std::string_view input) {
    ChildRun run;
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        run.fork_failed = true;
        return run;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]);
        close(in[1]);
        run.fork_failed = true;
        return run;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);

    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    SigpipeGuard guard;
    pid_t pid = -1;
    run.spawn_error = posix_spawnp(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    if (run.spawn_error != 0) {
        close(in[1]);
        close(out[0]);
        return run;
    }
    fcntl(in[1], F_SETFL, fcntl(in[1], F_GETFL) | O_NONBLOCK);
    pump(in[1], out[0], input, run.out);
    while (waitpid(pid, &run.status, 0) < 0 && errno == EINTR) {
    }
    return run;
}

const char* failure_reason(const ChildRun& run) {
    if (run.fork_failed) return kCppFork;
    if (run.spawn_error == ENOENT) return kCppNotFound;
    if (run.spawn_error != 0) return run.spawn_error == EAGAIN ? kCppFork : kCppExec;
    if (!WIFEXITED(run.status)) return kCppFailed;
    switch (WEXITSTATUS(run.status)) {
        case 0: return nullptr;
        case 126: return kCppExec;
        case 127: return kCppNotFound;
        default: return kCppFailed;
    }
}

}  // namespace

std::optional<std::string> preprocess(const std::string& text, const std::string& source_name,
                                      const PreprocessOptions& opts, DiagnosticList& diags) {
    ChildRun run = run_filter(opts.cpp_path, cpp_argv(opts), cpp_input(text, source_name));
    if (const char* reason = failure_reason(run)) {
        // No tag and no line: DTrace reports these as "failed to compile script x.d: <reason>".
        diags.error("", {}, reason);
        return std::nullopt;
    }
    return std::move(run.out);
}

}  // namespace bdtrace::frontend
