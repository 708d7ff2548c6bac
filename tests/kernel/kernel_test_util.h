// Helpers for the tests that use the real kernel (tests/unit/kernel_real_test.cpp,
// kernel_uprobe_test.cpp).
//
// Skipping: a test skips, with the reason, only where the machine cannot run it: not root (no
// CAP_BPF/CAP_PERFMON), or a kernel older than the one that introduced the feature. A feature
// that detection calls missing on a kernel new enough to have it fails the test instead, and so
// does any skip when BDTRACE_REQUIRE_KERNEL_TESTS=1 (CI sets it on machines that must run them).
#pragma once

#include <elf.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "kernel/kernel.h"
#include "kernel/probe_asm.h"

namespace bdtrace::kernel::test {

inline Kernel& real_kernel() {
    static std::unique_ptr<Kernel> k = open_kernel();
    return *k;
}

inline bool skips_are_failures() {
    const char* v = std::getenv("BDTRACE_REQUIRE_KERNEL_TESTS");
    return v && *v && std::strcmp(v, "0") != 0;
}

// (major, minor) of the running kernel.
inline std::pair<int, int> kernel_version() {
    utsname u{};
    ::uname(&u);
    int major = 0, minor = 0;
    std::sscanf(u.release, "%d.%d", &major, &minor);
    return {major, minor};
}

// Empty when the test may run; otherwise why it must skip. Adds a failure when the skip would
// hide a detection bug.
inline std::string skip_reason(Feature f, int since_major, int since_minor) {
    Kernel& k = real_kernel();
    const FeatureStatus& bpf = k.feature(Feature::Bpf);
    if (!bpf.available) {
        if (::geteuid() == 0 && !bpf.privilege)
            ADD_FAILURE() << "running as root but bpf is unavailable: " << bpf.reason;
        return "needs root: " + bpf.reason;
    }
    const FeatureStatus& s = k.feature(f);
    if (s.available) return "";
    auto [maj, min] = kernel_version();
    bool new_enough = maj > since_major || (maj == since_major && min >= since_minor);
    if (new_enough && !(f == Feature::Fentry || f == Feature::ProbeWriteUser))
        ADD_FAILURE() << "kernel " << maj << "." << min << " should have " << feature_name(f)
                      << " (" << since_major << "." << since_minor
                      << "+) but detection says: " << s.reason;
    return s.reason;
}

#define BDTRACE_REQUIRE_FEATURE(f, maj, min)                                   \
    do {                                                                       \
        std::string why_ = ::bdtrace::kernel::test::skip_reason(f, maj, min);  \
        if (!why_.empty()) {                                                   \
            if (::bdtrace::kernel::test::skips_are_failures()) FAIL() << why_; \
            GTEST_SKIP() << why_;                                              \
        }                                                                      \
    } while (0)

#define BDTRACE_REQUIRE_BPF() BDTRACE_REQUIRE_FEATURE(::bdtrace::kernel::Feature::Bpf, 0, 0)

// Waits until `done()` holds, checking every 2 ms, for at most `limit`.
template <class F>
bool eventually(F done, std::chrono::milliseconds limit = std::chrono::milliseconds(2000)) {
    auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

inline uint64_t read_u64(Map& m, uint32_t index) {
    uint64_t v = 0;
    auto r = m.lookup(bytes_of(index), writable_bytes_of(v));
    EXPECT_TRUE(r) << r.error().message;
    return v;
}

// map[0] += 1; map[1] = bpf_get_attach_cookie(ctx). `map` is an array of 2+ u64.
inline probe_asm::Asm counter_program(int map_fd) {
    using namespace probe_asm;
    Asm a;
    a.mov_reg(BPF_REG_6, BPF_REG_1)
        .call(kGetAttachCookie)  // r1 is still ctx
        .mov_reg(BPF_REG_7, BPF_REG_0)
        .st_imm(BPF_W, BPF_REG_10, -4, 0)
        .ld_map_fd(BPF_REG_1, map_fd)
        .mov_reg(BPF_REG_2, BPF_REG_10)
        .add_imm(BPF_REG_2, -4)
        .call(kMapLookupElem)
        .jeq_imm(BPF_REG_0, 0, 2)
        .mov_imm(BPF_REG_1, 1)
        .atomic_add64(BPF_REG_0, 0, BPF_REG_1)
        .st_imm(BPF_W, BPF_REG_10, -4, 1)
        .ld_map_fd(BPF_REG_1, map_fd)
        .mov_reg(BPF_REG_2, BPF_REG_10)
        .add_imm(BPF_REG_2, -4)
        .call(kMapLookupElem)
        .jeq_imm(BPF_REG_0, 0, 1)
        .stx(BPF_DW, BPF_REG_0, 0, BPF_REG_7)
        .ret0();
    return a;
}

inline std::unique_ptr<Map> counter_map(Kernel& k, const char* name = "counter") {
    MapSpec ms;
    ms.type = MapType::Array;
    ms.name = name;
    ms.key_size = 4;
    ms.value_size = 8;
    ms.max_entries = 2;
    auto m = k.create_map(ms);
    EXPECT_TRUE(m) << m.error().message;
    return m ? std::move(*m) : nullptr;
}

inline std::unique_ptr<Program> load(Kernel& k, ProgramType type, AttachType attach,
                                     const probe_asm::Asm& code, const char* name,
                                     uint32_t btf_id = 0) {
    ProgramSpec ps;
    ps.type = type;
    ps.expected_attach = attach;
    ps.name = name;
    ps.insns = code.bytes();
    ps.attach_btf_id = btf_id;
    auto p = k.load_program(ps);
    EXPECT_TRUE(p) << p.error().message << "\n" << p.error().verifier_log;
    return p ? std::move(*p) : nullptr;
}

// ---- a target binary built at run time --------------------------------------------------------

// A program that waits for one byte on stdin, then calls bdtrace_target() argv[1] times.
// bdtrace_locked() is never called; uprobes cannot be placed on it.
inline const char* kTargetSource = R"(
#include <stdlib.h>
#include <unistd.h>
__attribute__((noinline)) int bdtrace_target(int x) { __asm__ volatile("" ::: "memory"); return x + 1; }
/* Starts with a LOCK-prefixed instruction, which x86 uprobes refuse (errno 524). */
__attribute__((naked, used)) void bdtrace_locked(int* p) { __asm__("lock incl (%rdi)\n\tret"); }
int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1, s = 0;
    char c;
    if (read(0, &c, 1) != 1) return 3;
    for (int i = 0; i < n; i++) s += bdtrace_target(i);
    return s > 0 ? 0 : 4;
}
)";

// Builds the target once per test process with the system C compiler, in a temporary directory
// removed at exit. Empty when there is no compiler.
inline const std::string& target_binary() {
    struct Built {
        std::string dir, bin;
        Built() {
            char tmpl[] = "/tmp/bdtrace-kernel-test.XXXXXX";
            if (!::mkdtemp(tmpl)) return;
            dir = tmpl;
            std::string src = dir + "/target.c";
            std::ofstream(src) << kTargetSource;
            std::string cmd = "cc -O1 -o " + dir + "/target " + src + " 2>/dev/null";
            if (std::system(cmd.c_str()) == 0) bin = dir + "/target";
        }
        ~Built() {
            std::error_code ec;
            if (!dir.empty() && ::getpid() == owner) std::filesystem::remove_all(dir, ec);
        }
        pid_t owner = ::getpid();
    };
    static Built built;
    return built.bin;
}

// The file offset of a function symbol (from .symtab), as uprobes want it.
inline std::optional<uint64_t> symbol_file_offset(const std::string& path, const char* name) {
    std::ifstream in(path, std::ios::binary);
    std::string img((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (img.size() < sizeof(Elf64_Ehdr)) return std::nullopt;
    auto* eh = reinterpret_cast<const Elf64_Ehdr*>(img.data());
    auto* sh = reinterpret_cast<const Elf64_Shdr*>(img.data() + eh->e_shoff);
    auto* ph = reinterpret_cast<const Elf64_Phdr*>(img.data() + eh->e_phoff);
    std::optional<uint64_t> vaddr;
    for (int i = 0; i < eh->e_shnum && !vaddr; ++i) {
        if (sh[i].sh_type != SHT_SYMTAB) continue;
        const char* strtab = img.data() + sh[sh[i].sh_link].sh_offset;
        auto* syms = reinterpret_cast<const Elf64_Sym*>(img.data() + sh[i].sh_offset);
        for (size_t j = 0; j < sh[i].sh_size / sizeof(Elf64_Sym); ++j)
            if (std::strcmp(strtab + syms[j].st_name, name) == 0) vaddr = syms[j].st_value;
    }
    if (!vaddr) return std::nullopt;
    for (int i = 0; i < eh->e_phnum; ++i)
        if (ph[i].p_type == PT_LOAD && *vaddr >= ph[i].p_vaddr &&
            *vaddr < ph[i].p_vaddr + ph[i].p_filesz)
            return *vaddr - ph[i].p_vaddr + ph[i].p_offset;
    return std::nullopt;
}

// A running copy of the target, held at its read() until go().
class Target {
  public:
    explicit Target(int calls) {
        const std::string& bin = target_binary();  // built before the fork
        int p[2];
        if (::pipe(p) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(p[0], 0);
            ::close(p[1]);
            std::string n = std::to_string(calls);
            ::execl(bin.c_str(), "target", n.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        ::close(p[0]);
        go_fd_ = p[1];
    }
    ~Target() {
        if (go_fd_ >= 0) ::close(go_fd_);  // EOF: the target exits without calling
        if (pid_ > 0 && !reaped_) ::waitpid(pid_, nullptr, 0);
    }
    pid_t pid() const { return pid_; }
    // Until the child runs the target (its exec is done and the target is mapped).
    bool wait_exec() {
        const std::string& bin = target_binary();
        std::string maps = "/proc/" + std::to_string(pid_) + "/maps";
        return eventually([&] {
            std::ifstream in(maps);
            std::string line;
            while (std::getline(in, line))
                if (line.find(" r-xp ") != std::string::npos && line.find(bin) != std::string::npos)
                    return true;
            return false;
        });
    }
    void go() { [[maybe_unused]] auto n = ::write(go_fd_, "g", 1); }
    // The target's exit status (0 when it made all its calls).
    int wait() {
        int st = 0;
        ::waitpid(pid_, &st, 0);
        reaped_ = true;
        return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    }

  private:
    pid_t pid_ = -1;
    int go_fd_ = -1;
    bool reaped_ = false;
};

}  // namespace bdtrace::kernel::test
