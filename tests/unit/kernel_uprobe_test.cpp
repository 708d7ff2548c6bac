// uprobe_multi and uprobe_session links on a target program built by the test with the system C
// compiler, and the kernel's cleanup of links when their owner exits without closing them.
// Needs root; see tests/kernel/kernel_test_util.h for when these tests skip.
#include <bpf/bpf.h>
#include <dirent.h>
#include <poll.h>

#include <set>

#include "../kernel/kernel_test_util.h"

using namespace bdtrace::kernel;
using namespace bdtrace::kernel::test;
using probe_asm::Asm;

namespace {

constexpr int kCalls = 50;

struct Fixture {
    std::string bin;
    uint64_t offset = 0;
    std::unique_ptr<Map> map;
    std::unique_ptr<Program> prog;
};

// Builds the target, finds bdtrace_target() in it and loads a counting program for `attach`.
// Empty `bin` when the machine has no C compiler (the caller fails: every CI image has one).
Fixture prepare(AttachType attach) {
    Fixture f;
    f.bin = target_binary();
    if (f.bin.empty()) return f;
    auto off = symbol_file_offset(f.bin, "bdtrace_target");
    EXPECT_TRUE(off.has_value());
    f.offset = off.value_or(0);
    Kernel& k = real_kernel();
    f.map = counter_map(k, "uprobe_hits");
    f.prog = load(k, ProgramType::Kprobe, attach, counter_program(f.map->fd()), "pid_entry");
    return f;
}

// Declares the fixture `f` for `attach`; the test fails and ends when the target could not be
// built or its program not loaded.
#define PREPARED_FIXTURE(f, attach)                                          \
    Fixture f = prepare(attach);                                             \
    ASSERT_FALSE(f.bin.empty()) << "no C compiler (cc) to build the target"; \
    ASSERT_TRUE(f.prog)

// The BPF link ids among a process's open fds (/proc/PID/fdinfo/N has "link_id:").
std::set<uint32_t> link_ids_of(pid_t pid) {
    std::set<uint32_t> ids;
    std::string dir = "/proc/" + std::to_string(pid) + "/fdinfo";
    DIR* d = ::opendir(dir.c_str());
    if (!d) return ids;
    while (dirent* e = ::readdir(d)) {
        std::ifstream in(dir + "/" + e->d_name);
        std::string line;
        while (std::getline(in, line))
            if (line.rfind("link_id:", 0) == 0) ids.insert(std::stoul(line.substr(8)));
    }
    ::closedir(d);
    return ids;
}

bool link_exists(uint32_t id) {
    int fd = ::bpf_link_get_fd_by_id(id);
    if (fd < 0) return false;
    ::close(fd);
    return true;
}

}  // namespace

TEST(RealKernelUprobe, MultiWithPidFilterAndCookie) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    Target a(kCalls), b(kCalls);
    UprobeMultiSpec spec;
    spec.path = f.bin;
    spec.offsets = {f.offset};
    spec.cookies = {0xabc};
    spec.pid = a.pid();
    auto link = real_kernel().attach_uprobe_multi(*f.prog, spec);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ((*link)->describe(),
              "uprobe_multi " + f.bin + " (1 offset, pid " + std::to_string(a.pid()) + ")");
    a.go();
    b.go();
    EXPECT_EQ(a.wait(), 0);
    EXPECT_EQ(b.wait(), 0);
    EXPECT_EQ(read_u64(*f.map, 0), uint64_t(kCalls)) << "B's calls must not count";
    EXPECT_EQ(read_u64(*f.map, 1), 0xabcu);
}

TEST(RealKernelUprobe, ReturnProbe) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    Target a(kCalls);
    UprobeMultiSpec spec;
    spec.path = f.bin;
    spec.offsets = {f.offset};
    spec.cookies = {0xbbb};
    spec.retprobe = true;
    spec.pid = a.pid();
    auto link = real_kernel().attach_uprobe_multi(*f.prog, spec);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ((*link)->describe().rfind("uretprobe_multi ", 0), 0u);
    a.go();
    EXPECT_EQ(a.wait(), 0);
    EXPECT_EQ(read_u64(*f.map, 0), uint64_t(kCalls));
    EXPECT_EQ(read_u64(*f.map, 1), 0xbbbu);
}

TEST(RealKernelUprobe, SessionRunsAtEntryAndReturn) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeSession, 6, 13);
    PREPARED_FIXTURE(f, AttachType::UprobeSession);
    Target a(kCalls);
    UprobeMultiSpec spec;
    spec.path = f.bin;
    spec.offsets = {f.offset};
    spec.pid = a.pid();
    auto link = real_kernel().attach_uprobe_multi(*f.prog, spec);
    ASSERT_TRUE(link) << link.error().message;
    a.go();
    EXPECT_EQ(a.wait(), 0);
    // The program returns 0 at entry, which asks for the return run too.
    EXPECT_EQ(read_u64(*f.map, 0), uint64_t(2 * kCalls));
}

TEST(RealKernelUprobe, Refusals) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    Kernel& k = real_kernel();
    UprobeMultiSpec spec;
    spec.path = "/nonexistent/binary";
    spec.offsets = {0x1000};
    auto nofile = k.attach_uprobe_multi(*f.prog, spec);
    ASSERT_FALSE(nofile);
    EXPECT_EQ(nofile.error().message,
              "cannot attach uprobes to /nonexistent/binary (1 offset): no such file: No such file "
              "or directory");

    spec.path = f.bin;
    spec.offsets = {f.offset, f.offset + 1};
    spec.cookies = {1};  // one cookie for two offsets
    auto mismatch = k.attach_uprobe_multi(*f.prog, spec);
    ASSERT_FALSE(mismatch);
    EXPECT_EQ(mismatch.error().err, EINVAL);

    // A program loaded for another attach type.
    Asm a;
    a.ret0();
    auto raw = load(k, ProgramType::RawTracepoint, AttachType::Unspecified, a, "raw");
    spec.cookies.clear();
    auto wrong = k.attach_uprobe_multi(*raw, spec);
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().message, "program 'raw' was not loaded for uprobe_multi");
}

TEST(RealKernelUprobe, UnprobeableInstructionIsSkipped) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    auto locked = symbol_file_offset(f.bin, "bdtrace_locked");
    ASSERT_TRUE(locked);
    Kernel& k = real_kernel();
    Target a(kCalls);
    // The kernel decodes the instruction when it writes the breakpoint into a process that maps
    // the file. Attached before the exec, nothing maps it yet: the link is made, and the refused
    // breakpoint is silently missing later. So wait for the exec here.
    ASSERT_TRUE(a.wait_exec());
    UprobeMultiSpec spec;
    spec.path = f.bin;
    spec.offsets = {*locked, f.offset};
    spec.cookies = {0x10c, 0x600d};
    spec.pid = a.pid();
    auto whole = k.attach_uprobe_multi(*f.prog, spec);
    ASSERT_FALSE(whole);
    EXPECT_EQ(whole.error().err, 524);
    EXPECT_NE(whole.error().message.find("LOCK-prefixed"), std::string::npos);

    std::vector<size_t> refused;
    auto link = attach_uprobe_multi_skipping(k, *f.prog, spec, &refused);
    ASSERT_TRUE(link) << link.error().message;
    EXPECT_EQ(refused, (std::vector<size_t>{0}));
    a.go();
    EXPECT_EQ(a.wait(), 0);
    EXPECT_EQ(read_u64(*f.map, 0), uint64_t(kCalls));
    EXPECT_EQ(read_u64(*f.map, 1), 0x600du);
}

// A process that exits without closing its links: the kernel releases them when the fds close at
// exit, for perf-event links (profile/tick) and for uprobe_multi links alike. This is what makes
// an abrupt exit safe, though the CLI should still detach in order (see src/kernel/README.md).
TEST(RealKernelUprobe, ExitReleasesPerfAndUprobeLinks) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    BDTRACE_REQUIRE_FEATURE(Feature::PerfCpuClock, 5, 15);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    Kernel& k = real_kernel();
    auto tick_map = counter_map(k, "tick_hits");
    auto tick = load(k, ProgramType::PerfEvent, AttachType::Unspecified,
                     counter_program(tick_map->fd()), "tick");
    ASSERT_TRUE(tick);
    const int cpu = k.online_cpus()->front();
    Target target(kCalls);

    int ready[2], release[2];
    ASSERT_EQ(::pipe(ready), 0);
    ASSERT_EQ(::pipe(release), 0);
    pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        ::close(ready[0]);
        ::close(release[1]);
        PerfEventSpec ts;
        ts.clock = PerfEventSpec::Clock::PeriodNs;
        ts.value = 1'000'000;
        ts.cpu = cpu;
        auto l1 = k.attach_perf_event(*tick, ts);
        UprobeMultiSpec us;
        us.path = f.bin;
        us.offsets = {f.offset};
        us.pid = target.pid();
        auto l2 = k.attach_uprobe_multi(*f.prog, us);
        char c = (l1 && l2) ? 'r' : 'x';
        [[maybe_unused]] auto n = ::write(ready[1], &c, 1);
        n = ::read(release[0], &c, 1);  // until the parent closes its end
        ::_exit(0);                     // no destructors: the links are never closed by us
    }
    ::close(ready[1]);
    ::close(release[0]);
    pollfd pfd{ready[0], POLLIN, 0};
    ASSERT_EQ(::poll(&pfd, 1, 5000), 1) << "the child did not attach in time";
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1);
    ::close(ready[0]);
    ASSERT_EQ(c, 'r') << "the child could not attach";

    std::set<uint32_t> ids = link_ids_of(child);
    EXPECT_EQ(ids.size(), 2u);
    for (uint32_t id : ids) EXPECT_TRUE(link_exists(id));
    EXPECT_TRUE(eventually([&] { return read_u64(*tick_map, 0) > 0; }));

    ::close(release[1]);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);

    EXPECT_TRUE(eventually([&] {
        for (uint32_t id : ids)
            if (link_exists(id)) return false;
        return true;
    })) << "links outlived their process";
    uint64_t ticks = read_u64(*tick_map, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(read_u64(*tick_map, 0), ticks) << "the tick kept firing after its owner exited";
    target.go();
    EXPECT_EQ(target.wait(), 0);
    EXPECT_EQ(read_u64(*f.map, 0), 0u) << "the uprobe fired after its owner exited";
}

// detach_all releases every link it is given (the real kernel closes them from several threads)
// and leaves the vector empty; the kernel lists none of them afterwards.
TEST(RealKernelUprobe, DetachAllReleasesEveryLink) {
    BDTRACE_REQUIRE_FEATURE(Feature::UprobeMulti, 6, 6);
    PREPARED_FIXTURE(f, AttachType::UprobeMulti);
    Kernel& k = real_kernel();
    Target target(kCalls);
    const std::set<uint32_t> before = link_ids_of(::getpid());
    std::vector<std::unique_ptr<Link>> links;
    for (int i = 0; i < 11; ++i) {  // more links than closing threads
        UprobeMultiSpec spec;
        spec.path = f.bin;
        spec.offsets = {f.offset};
        spec.cookies = {static_cast<uint64_t>(i)};
        spec.pid = target.pid();
        auto link = k.attach_uprobe_multi(*f.prog, spec);
        ASSERT_TRUE(link) << link.error().message;
        links.push_back(std::move(link.value()));
    }
    std::set<uint32_t> ours;
    for (uint32_t id : link_ids_of(::getpid()))
        if (!before.count(id)) ours.insert(id);
    EXPECT_EQ(ours.size(), 11u);
    k.detach_all(links);
    EXPECT_TRUE(links.empty());
    for (uint32_t id : link_ids_of(::getpid()))
        EXPECT_FALSE(ours.count(id)) << "link " << id << " still open";
    target.go();
    EXPECT_EQ(target.wait(), 0);
    EXPECT_TRUE(eventually([&] {
        for (uint32_t id : ours)
            if (link_exists(id)) return false;
        return true;
    })) << "the kernel still lists a released link";
    EXPECT_EQ(read_u64(*f.map, 0), 0u) << "a released link's probe fired";
}
