// Process control for -c/-p: a created command is held after execve, before its first
// instruction, and runs only once resumed; exits are reported with DTrace's words.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>

#include "process/control.h"
#include "process/rtld.h"

using bdtrace::process::ExitReport;
using bdtrace::process::ProcessSet;

namespace {

// The state letter of /proc/PID/stat ('t' while stopped by a tracer).
char state_of(pid_t pid) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(f, line);
    size_t paren = line.rfind(')');
    return paren != std::string::npos && paren + 2 < line.size() ? line[paren + 2] : '?';
}

std::string exe_of(pid_t pid) {
    char buf[4096];
    ssize_t n = readlink(("/proc/" + std::to_string(pid) + "/exe").c_str(), buf, sizeof buf);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
}

// Reaps until every process has exited; bounded, so a hang fails instead of blocking.
std::vector<ExitReport> reap_all(ProcessSet& set) {
    std::vector<ExitReport> all;
    for (int i = 0; i < 5000 && set.live() > 0; ++i) {
        for (const ExitReport& r : set.reap()) all.push_back(r);
        timespec ts{0, 1000000};
        nanosleep(&ts, nullptr);
    }
    return all;
}

}  // namespace

TEST(ProcessControl, CreatedCommandIsHeldAfterExec) {
    ProcessSet set;
    std::string error;
    auto pid = set.create({"sh", "-c", "exit 5"}, {}, &error);
    ASSERT_TRUE(pid) << error;
    // The new image is in place (the exe is the shell, not this test) and it is stopped.
    EXPECT_NE(exe_of(*pid).find("sh"), std::string::npos) << exe_of(*pid);
    EXPECT_EQ(state_of(*pid), 't');
    EXPECT_TRUE(set.reap().empty());
    set.resume();
    auto exits = reap_all(set);
    ASSERT_EQ(exits.size(), 1u);
    EXPECT_EQ(exits[0].pid, *pid);
    EXPECT_TRUE(exits[0].status_known);
    EXPECT_FALSE(exits[0].signaled);
    EXPECT_EQ(exits[0].code, 5);
}

// DTrace's preinit hold: the libraries are mapped (libc is in the maps) and the dynamic linker
// reports a consistent state; nothing of the program has run yet.
TEST(ProcessControl, CreatedCommandIsHeldWithItsLibrariesMapped) {
    ProcessSet set;
    std::string error;
    auto pid = set.create({"sh", "-c", "exit 0"}, {}, &error);
    ASSERT_TRUE(pid) << error;
    std::ifstream maps("/proc/" + std::to_string(*pid) + "/maps");
    std::string text((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("libc.so.6"), std::string::npos) << text;
    auto hook = bdtrace::process::find_rtld_hook(*pid);
    ASSERT_TRUE(hook);
    std::ifstream mem("/proc/" + std::to_string(*pid) + "/mem", std::ios::binary);
    mem.seekg(static_cast<std::streamoff>(hook->r_debug_address + bdtrace::process::kRDebugStateOffset));
    uint32_t state = 99;
    mem.read(reinterpret_cast<char*>(&state), sizeof state);
    EXPECT_EQ(state, bdtrace::process::kRtConsistent);
    EXPECT_EQ(state_of(*pid), 't');
    set.resume();
    auto exits = reap_all(set);
    ASSERT_EQ(exits.size(), 1u);
    EXPECT_EQ(exits[0].code, 0);
}

TEST(ProcessControl, EnvironmentEdits) {
    ProcessSet set;
    std::string error;
    setenv("LT_DROPPED", "1", 1);
    auto pid = set.create({"sh", "-c", "[ \"$LT_ADDED\" = yes ] && [ -z \"$LT_DROPPED\" ]"},
                          {{"LT_ADDED=yes"}, {"LT_DROPPED"}}, &error);
    unsetenv("LT_DROPPED");
    ASSERT_TRUE(pid) << error;
    set.resume();
    auto exits = reap_all(set);
    ASSERT_EQ(exits.size(), 1u);
    EXPECT_EQ(exits[0].code, 0);
}

TEST(ProcessControl, MissingCommand) {
    ProcessSet set;
    std::string error;
    EXPECT_FALSE(set.create({"lt_no_such_command", "x"}, {}, &error));
    EXPECT_EQ(error, "failed to execute lt_no_such_command: cannot find executable file");
    EXPECT_FALSE(set.create({"/dev/null"}, {}, &error));
    EXPECT_EQ(error, "failed to execute /dev/null: cannot execute file");
    EXPECT_EQ(set.count(), 0u);
}

TEST(ProcessControl, HeldCommandIsKilledWithTheSet) {
    pid_t pid = 0;
    {
        ProcessSet set;
        std::string error;
        auto p = set.create({"sleep", "30"}, {}, &error);
        ASSERT_TRUE(p) << error;
        pid = *p;
    }
    EXPECT_NE(kill(pid, 0), 0);  // killed and reaped
}

TEST(ProcessControl, Grab) {
    ProcessSet set;
    std::string error;
    EXPECT_FALSE(set.grab(-1, &error));
    EXPECT_EQ(error, "failed to grab pid -1: no such process");
    auto self = set.grab(getpid(), &error);
    ASSERT_TRUE(self) << error;
    EXPECT_TRUE(set.grab(getpid(), &error));  // the same process, watched once
    EXPECT_EQ(set.count(), 1u);
    EXPECT_TRUE(set.reap().empty());
    EXPECT_EQ(set.live(), 1u);
}

TEST(ProcessControl, Notices) {
    EXPECT_EQ(exit_notice(ExitReport{12}), "pid 12 has exited");
    EXPECT_EQ(exit_notice(ExitReport{12, true, false, 0}), "pid 12 has exited");
    EXPECT_EQ(exit_notice(ExitReport{12, true, false, 3}), "pid 12 exited with status 3");
    EXPECT_EQ(exit_notice(ExitReport{12, true, true, 9}), "pid 12 terminated by SIGKILL");
}

// A command stopped (as the library watch stops it during a dlopen) when dtrace dies, even by
// SIGKILL, is sent SIGCONT by the guardian and goes on. Here a forked "dtrace" creates `sleep`,
// resumes it, stops it, hands its pid over and kills itself.
TEST(ProcessControl, GuardianContinuesAStoppedCommandWhenDtraceDies) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t dtrace = fork();
    ASSERT_GE(dtrace, 0);
    if (dtrace == 0) {
        close(fds[0]);
        ProcessSet set;
        std::string error;
        auto pid = set.create({"sleep", "0.3"}, {}, &error);
        if (!pid) _exit(1);
        set.resume();
        kill(*pid, SIGSTOP);
        for (int i = 0; i < 2000 && state_of(*pid) != 'T'; ++i) usleep(1000);
        if (write(fds[1], &*pid, sizeof *pid) != static_cast<ssize_t>(sizeof *pid)) _exit(1);
        raise(SIGKILL);
    }
    close(fds[1]);
    pid_t command = 0;
    ASSERT_EQ(read(fds[0], &command, sizeof command), static_cast<ssize_t>(sizeof command));
    close(fds[0]);
    int status = 0;
    ASSERT_EQ(waitpid(dtrace, &status, 0), dtrace);
    EXPECT_TRUE(WIFSIGNALED(status));
    // It runs again and finishes its sleep (gone, or a zombie of whoever adopted it); it is
    // never left stopped.
    char state = state_of(command);
    for (int i = 0; i < 3000 && state != '?' && state != 'Z'; ++i) {
        usleep(1000);
        state = state_of(command);
    }
    EXPECT_TRUE(state == '?' || state == 'Z') << "the command is still there, state " << state;
}
