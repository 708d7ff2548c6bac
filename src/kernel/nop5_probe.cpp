// Feature::UprobeNop5: does a uprobe on a 5-byte NOP leave the red zone alone?
//
// Linux 6.18 optimises a uprobe on `nopl 0x0(%rax,%rax,1)` (0f 1f 44 00 00): after the first
// hit it rewrites the NOP into a CALL to its [uprobes-trampoline] page, which enters the kernel
// through the `uprobe` system call. The CALL pushes its return address at -8(%rsp), inside the
// 128 bytes below the stack pointer that the x86-64 ABI lets a leaf function use without moving
// %rsp (the red zone); compilers put such NOPs inside functions (padding before loop heads), so
// a probe there changes what the program computes. Later kernels move %rsp below the red zone
// first (a 10-byte NOP, or a JMP to a slot that does); older ones never rewrite the NOP.
//
// Rather than guess from version numbers, the test runs such a site: a leaf function of our own
// (below) keeps a value at -8(%rsp) and -16(%rsp) across a 5-byte NOP and returns what it finds
// there afterwards. A child process of ours calls it a few times with a uprobe (a trivial
// program, filtered to the child) on the NOP; the child reports whether the value survived and
// what the NOP's first byte became. Nothing outside the child is touched. It costs a fork, one
// uprobe attach (~10-20 ms here, an RCU grace period) and the child's few calls; the detach
// happens on a background thread.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>

#include "kernel/probe_asm.h"
#include "kernel/real_kernel.h"

extern "C" uint64_t bdtrace_nop5_site(uint64_t value);
extern "C" const unsigned char bdtrace_nop5_site_nop[];

// The test site: stores its argument at -8(%rsp) and -16(%rsp), passes a 5-byte NOP, and returns
// 0 when both words still hold it.
asm(R"(
    .text
    .p2align 4
    .globl bdtrace_nop5_site
    .hidden bdtrace_nop5_site
    .type bdtrace_nop5_site, @function
bdtrace_nop5_site:
    movq %rdi, -8(%rsp)
    movq %rdi, -16(%rsp)
    .globl bdtrace_nop5_site_nop
    .hidden bdtrace_nop5_site_nop
bdtrace_nop5_site_nop:
    .byte 0x0f, 0x1f, 0x44, 0x00, 0x00
    movq -8(%rsp), %rax
    xorq %rdi, %rax
    movq -16(%rsp), %rdx
    xorq %rdi, %rdx
    orq %rdx, %rax
    ret
    .size bdtrace_nop5_site, .-bdtrace_nop5_site
)");

namespace bdtrace::kernel {

namespace {

// What the child reports in its exit status.
constexpr int kClobbered = 1;   // the red zone changed across the NOP
constexpr int kBecameCall = 2;  // the NOP's first byte is now e8 (call)
constexpr int kBecameJmp = 4;   // ... e9 (jmp)
constexpr int kCalls = 8;       // how often the child passes the NOP (the first hit optimises)

// The file offset of `addr` and a path that reaches its file (/proc/self/map_files/..., which
// works even when the binary was replaced since it started).
bool locate(uintptr_t addr, std::string& path, uint64_t& offset) {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        unsigned long long lo = 0, hi = 0, off = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx %*s %llx", &lo, &hi, &off) != 3) continue;
        if (addr < lo || addr >= hi) continue;
        char buf[80];
        std::snprintf(buf, sizeof buf, "/proc/self/map_files/%llx-%llx", lo, hi);
        path = buf;
        offset = addr - lo + off;
        return true;
    }
    return false;
}

[[noreturn]] void child(int go) {
    char c;
    while (::read(go, &c, 1) < 0) {
    }
    int report = 0;
    for (int i = 0; i < kCalls; ++i)
        if (bdtrace_nop5_site(0x5a5a5a5a00000000ull + static_cast<uint64_t>(i)) != 0) report |= kClobbered;
    // What the NOP is now (the text is readable).
    unsigned char first = *static_cast<const volatile unsigned char*>(bdtrace_nop5_site_nop);
    if (first == 0xe8) report |= kBecameCall;
    if (first == 0xe9) report |= kBecameJmp;
    ::_exit(report);
}

FeatureStatus unsafe(std::string why) {
    return FeatureStatus{false, "a uprobe on a 5-byte NOP is not known to be safe: " + std::move(why), false, 0};
}

}  // namespace

FeatureStatus probe_uprobe_nop5(Kernel& k) {
    std::string path;
    uint64_t offset = 0;
    if (!locate(reinterpret_cast<uintptr_t>(bdtrace_nop5_site_nop), path, offset))
        return unsafe("the test site is in no mapping of ours");
    probe_asm::Asm code;
    code.ret0();
    ProgramSpec ps;
    ps.type = ProgramType::Kprobe;
    ps.expected_attach = AttachType::UprobeMulti;
    ps.name = "bdtrace_probe";
    ps.insns = code.bytes();
    auto prog = k.load_program(ps);
    if (!prog) return FeatureStatus{false, "uprobe_nop5 untested: " + prog.error().message,
                                    prog.error().kind == ErrorKind::Privilege, 0};

    int go[2];
    if (::pipe2(go, O_CLOEXEC) != 0) return unsafe("pipe failed");
    pid_t pid = ::fork();
    if (pid < 0) {
        ::close(go[0]);
        ::close(go[1]);
        return unsafe("fork failed");
    }
    if (pid == 0) {
        ::close(go[1]);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        child(go[0]);
    }
    ::close(go[0]);
    UprobeMultiSpec spec;
    spec.path = path;
    spec.offsets = {offset};
    spec.pid = pid;
    auto link = k.attach_uprobe_multi(**prog, spec);
    if (link && ::write(go[1], "g", 1) != 1) ::kill(pid, SIGKILL);
    ::close(go[1]);  // without the byte: the child exits at once
    int status = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (::waitpid(pid, &status, WNOHANG) == 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    if (!link) return FeatureStatus{false, "uprobe_nop5 untested: " + link.error().message,
                                    link.error().kind == ErrorKind::Privilege, 0};
    // Closing a uprobe link waits for an SRCU grace period: nothing needs to wait for it.
    std::thread([l = std::move(*link), p = std::move(*prog)]() mutable {
        l.reset();
        p.reset();
    }).detach();
    if (!WIFEXITED(status)) return unsafe("the test process died");
    int report = WEXITSTATUS(status);
    if (report & kClobbered)
        return FeatureStatus{false,
                             std::string("this kernel turns a uprobe on a 5-byte NOP into a ") +
                                 (report & kBecameCall ? "CALL" : "jump") + " that writes into the red zone",
                             false, 0};
    return FeatureStatus{true,
                         std::string("a uprobe on a 5-byte NOP left the red zone alone (the NOP ") +
                             (report & kBecameJmp ? "became a jmp" : report & kBecameCall ? "became a call" : "was not rewritten") +
                             ")",
                         false, 0};
}

}  // namespace bdtrace::kernel
