// pid-provider probe resolution against this very process: functions defined below (in the test
// binary, a PIE on Debian) and libc. Every probe's file offset is checked by reading the file there
// and comparing with the process's memory at the probe's address.
#include <elf.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <set>
#include <string>

#include "process/module_match.h"
#include "process/pid_probes.h"
#include "process/function_code.h"

using namespace bdtrace::process;

volatile int bdtrace_pid_sink;

extern "C" __attribute__((noinline, used)) int bdtrace_pid_target(int x) {
    for (int i = 0; i < x; ++i) bdtrace_pid_sink = bdtrace_pid_sink * 7 + i;
    return bdtrace_pid_sink + 0x12345;
}

// A function whose bytes do not all decode (0x06 is no instruction in 64-bit mode): its return
// probe could only be a return uprobe, which this process (it maps libstdc++, whose exceptions
// unwind through frames) does not allow.
extern "C" void bdtrace_pid_undecodable();
asm(R"(
    .text
    .globl bdtrace_pid_undecodable
    .type bdtrace_pid_undecodable, @function
bdtrace_pid_undecodable:
    ret
    .byte 0x06, 0x06
    .size bdtrace_pid_undecodable, .-bdtrace_pid_undecodable
)");

namespace bdtrace_pidtest {
__attribute__((noinline, used)) int widget(int x) { return bdtrace_pid_target(x) + 2; }
}  // namespace bdtrace_pidtest

namespace {

uint64_t self() { return static_cast<uint64_t>(getpid()); }

std::string exe_name() {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    std::string p(buf, n > 0 ? static_cast<size_t>(n) : 0);
    return p.substr(p.rfind('/') + 1);
}

// The file's bytes at the probe's file offset equal the process's bytes at its address.
void expect_offset_matches_memory(const PidResolution& r, const PidProbe& p) {
    const auto& obj = r.objects.at(p.object);
    int fd = ::open((obj.mapping.root + obj.mapping.path).c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    uint8_t file_bytes[8];
    ASSERT_EQ(::pread(fd, file_bytes, sizeof file_bytes, static_cast<off_t>(p.file_offset)), 8);
    ::close(fd);
    EXPECT_EQ(std::memcmp(file_bytes, reinterpret_cast<const void*>(p.address), 8), 0)
        << p.module << "`" << p.function << ":" << p.name;
}

PidResolution resolve(std::string_view mod, std::string_view func, std::string_view name) {
    PidProbeResolver resolver;
    return resolver.resolve(self(), mod, func, name);
}

}  // namespace

TEST(PidProbes, EntryInTheExecutable) {
    auto r = resolve("a.out", "bdtrace_pid_target", "entry");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    const auto& p = r.probes[0];
    EXPECT_EQ(p.module, exe_name());
    EXPECT_EQ(p.function, "bdtrace_pid_target");
    EXPECT_EQ(p.name, "entry");
    EXPECT_EQ(p.kind, PidProbeKind::Entry);
    EXPECT_EQ(p.address, reinterpret_cast<uint64_t>(&bdtrace_pid_target));
    EXPECT_GT(p.symbol_size, 0u);
    expect_offset_matches_memory(r, p);
    // The object is named for the uprobe by path, device and inode.
    ASSERT_EQ(r.objects.size(), 1u);
    struct stat st;
    ASSERT_EQ(::stat("/proc/self/exe", &st), 0);
    EXPECT_EQ(r.objects[0].mapping.inode, st.st_ino);
    EXPECT_EQ(r.objects[0].mapping.dev, st.st_dev);
    EXPECT_TRUE(r.objects[0].mapping.executable);
}

TEST(PidProbes, PieExecutableHasALoadBias) {
    auto r = resolve("a.out", "bdtrace_pid_target", "entry");
    ASSERT_EQ(r.objects.size(), 1u);
    if (r.objects[0].elf->type != ET_DYN) GTEST_SKIP() << "the test binary is not PIE here";
    EXPECT_NE(r.objects[0].load_bias, 0u);
    EXPECT_EQ(r.probes[0].address, r.objects[0].load_bias + r.probes[0].symbol_vaddr);
}

TEST(PidProbes, ReturnProbeSitsAtTheEntry) {
    auto r = resolve("", "bdtrace_pid_target", "return");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    EXPECT_EQ(r.probes[0].kind, PidProbeKind::Return);
    EXPECT_EQ(r.probes[0].address, reinterpret_cast<uint64_t>(&bdtrace_pid_target));
}

TEST(PidProbes, ReturnProbeSitesAreTheReturningInstructions) {
    auto r = resolve("", "bdtrace_pid_target", "return");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    ASSERT_FALSE(r.probes[0].return_sites.empty());
    for (const auto& [file_offset, in_function] : r.probes[0].return_sites) {
        const auto* code = reinterpret_cast<const uint8_t*>(&bdtrace_pid_target) + in_function;
        EXPECT_TRUE(code[0] == 0xc3 || code[0] == 0xe9 || code[0] == 0xeb) << std::hex << int(code[0]);
        EXPECT_LT(in_function, r.probes[0].symbol_size);
    }
}

TEST(PidProbes, UndecodableFunctionHasNoReturnUprobeWhereUnwindersRun) {
    auto r = resolve("a.out", "bdtrace_pid_undecodable", "return");
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_TRUE(r.probes.empty());
    ASSERT_TRUE(r.warning);
    EXPECT_EQ(r.warning->tag, "D_PROC_CREATEFAIL");
    EXPECT_NE(r.warning->message.find("cannot decode the instruction at offset 0x1"), std::string::npos)
        << r.warning->message;
    EXPECT_NE(r.warning->message.find("unwinder"), std::string::npos) << r.warning->message;
    // Its entry probe is fine, and offsets are refused as DTrace refuses them.
    EXPECT_EQ(resolve("a.out", "bdtrace_pid_undecodable", "entry").probes.size(), 1u);
    auto offsets = resolve("a.out", "bdtrace_pid_undecodable", "*");
    ASSERT_TRUE(offsets.error);
    EXPECT_EQ(offsets.error->tag, "D_PROC_CREATEFAIL");
}

TEST(PidProbes, StarNameGivesEntryReturnAndEveryInstruction) {
    auto r = resolve("a.out", "bdtrace_pid_target", "*");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_GT(r.probes.size(), 4u);
    EXPECT_EQ(r.probes[0].name, "return");
    EXPECT_EQ(r.probes[1].name, "entry");
    EXPECT_EQ(r.probes[2].name, "0");
    uint64_t prev = 0;
    for (size_t i = 2; i < r.probes.size(); ++i) {
        const auto& p = r.probes[i];
        EXPECT_EQ(p.kind, PidProbeKind::Offset);
        EXPECT_EQ(std::strtoull(p.name.c_str(), nullptr, 16), p.offset);
        EXPECT_LT(p.offset, p.symbol_size);
        if (i > 2) {
            EXPECT_GT(p.offset, prev);
        }
        prev = p.offset;
        expect_offset_matches_memory(r, p);
    }
    // An empty name is "*" too.
    EXPECT_EQ(resolve("a.out", "bdtrace_pid_target", "").probes.size(), r.probes.size());
}

TEST(PidProbes, OffsetOnAndOffAnInstructionBoundary) {
    auto all = resolve("a.out", "bdtrace_pid_target", "*");
    ASSERT_FALSE(all.error);
    // An instruction longer than one byte: its second byte is no boundary.
    const PidProbe* on = nullptr;
    uint64_t inside = 0;
    for (size_t i = 2; i + 1 < all.probes.size() && !on; ++i)
        if (all.probes[i + 1].offset - all.probes[i].offset > 1) {
            on = &all.probes[i];
            inside = on->offset + 1;
        }
    ASSERT_TRUE(on);
    auto r = resolve("a.out", "bdtrace_pid_target", on->name);
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    EXPECT_EQ(r.probes[0].kind, PidProbeKind::Offset);
    EXPECT_EQ(r.probes[0].offset, on->offset);
    EXPECT_EQ(r.probes[0].address, on->address);

    char hex[32];
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(inside));
    auto bad = resolve("a.out", "bdtrace_pid_target", hex);
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.error->tag, "D_PROC_ALIGN");
    EXPECT_EQ(bad.error->message, std::string("offset 0x") + hex + " is not aligned on an instruction");
    EXPECT_TRUE(bad.probes.empty());

    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(on->symbol_size));
    auto outside = resolve("a.out", "bdtrace_pid_target", hex);
    ASSERT_TRUE(outside.error);
    EXPECT_EQ(outside.error->tag, "D_PROC_OFF");
    EXPECT_EQ(outside.error->message,
              std::string("offset 0x") + hex + " outside of function 'bdtrace_pid_target'");

    auto invalid = resolve("a.out", "bdtrace_pid_target", "start");
    ASSERT_TRUE(invalid.error);
    EXPECT_EQ(invalid.error->tag, "D_PROC_NAME");
    EXPECT_EQ(invalid.error->message, "'start' is an invalid probe name");
}

TEST(PidProbes, CxxFunctionsByMangledOrDemangledName) {
    auto r = resolve("a.out", "bdtrace_pidtest::widget(int)", "entry");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    EXPECT_EQ(r.probes[0].function, "_ZN15bdtrace_pidtest6widgetEi");
    EXPECT_EQ(r.probes[0].demangled, "bdtrace_pidtest::widget(int)");
    EXPECT_EQ(r.probes[0].address, reinterpret_cast<uint64_t>(&bdtrace_pidtest::widget));
    EXPECT_EQ(resolve("a.out", "_ZN15bdtrace_pidtest6widgetEi", "entry").probes.size(), 1u);
    auto g = resolve("a.out", "bdtrace_pidtest::w*", "entry");
    ASSERT_EQ(g.probes.size(), 1u);
    EXPECT_EQ(g.probes[0].function, "_ZN15bdtrace_pidtest6widgetEi");
}

TEST(PidProbes, LibcModuleNameVariants) {
    uint64_t malloc_addr = reinterpret_cast<uint64_t>(&malloc);
    for (const char* mod : {"libc.so.6", "libc.so", "libc", "libc.so.*", "libc*"}) {
        auto r = resolve(mod, "malloc", "entry");
        ASSERT_FALSE(r.error) << mod << ": " << r.error->message;
        ASSERT_EQ(r.probes.size(), 1u) << mod;
        EXPECT_EQ(r.probes[0].module, "libc.so.6") << mod;
        EXPECT_EQ(r.probes[0].address, malloc_addr) << mod;
        expect_offset_matches_memory(r, r.probes[0]);
    }
    // A prefix must stop at a '.': "lib" names no object.
    auto none = resolve("lib", "malloc", "entry");
    EXPECT_FALSE(none.error);
    EXPECT_TRUE(none.probes.empty());
    EXPECT_TRUE(none.module_missing);
}

TEST(PidProbes, AliasesGiveOneProbeNamedAfterThePreferredName) {
    auto r = resolve("libc.so.6", "__libc_malloc", "entry");
    ASSERT_FALSE(r.error) << r.error->message;
    ASSERT_EQ(r.probes.size(), 1u);
    // DTrace names the probe after the preferred alias (fewest leading underscores).
    EXPECT_EQ(r.probes[0].function, "malloc");
    std::set<std::string> aliases(r.probes[0].aliases.begin(), r.probes[0].aliases.end());
    EXPECT_TRUE(aliases.count("malloc"));
    EXPECT_TRUE(aliases.count("__libc_malloc"));
    EXPECT_EQ(r.probes[0].aliases.front(), "malloc");
    // A glob matching several aliases of one function still gives one probe.
    auto g = resolve("libc.so.6", "*malloc", "entry");
    std::set<uint64_t> addrs;
    for (const auto& p : g.probes) EXPECT_TRUE(addrs.insert(p.address).second) << p.function;
    EXPECT_TRUE(addrs.count(reinterpret_cast<uint64_t>(&malloc)));
}

TEST(PidProbes, LibcGlobAndIfunc) {
    auto r = resolve("libc.so.6", "str*", "entry");
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_GT(r.probes.size(), 10u);
    bool strlen_seen = false;
    for (const auto& p : r.probes) {
        EXPECT_EQ(p.function.rfind("str", 0), 0u) << p.function;
        EXPECT_GT(p.symbol_size, 0u);
        if (p.function == "strlen") {
            strlen_seen = true;
            // glibc picks strlen's implementation at load time: the symbol is its resolver.
            EXPECT_TRUE(p.ifunc);
        }
    }
    EXPECT_TRUE(strlen_seen);
    ASSERT_EQ(r.objects.size(), 1u);
    for (const auto& p : r.probes) EXPECT_EQ(p.object, 0u);
}

TEST(PidProbes, StrippedLibcUsesItsDebugFileWhenInstalled) {
    auto r = resolve("libc.so.6", "malloc", "entry");
    ASSERT_EQ(r.objects.size(), 1u);
    const auto& elf = *r.objects[0].elf;
    EXPECT_FALSE(elf.dynsym.empty());
    ASSERT_FALSE(elf.build_id.empty());
    std::string by_id = "/usr/lib/debug/.build-id/" + elf.build_id.substr(0, 2) + "/" +
                        elf.build_id.substr(2) + ".debug";
    if (::access(by_id.c_str(), R_OK) != 0) GTEST_SKIP() << "no debug file for libc (libc6-dbg)";
    EXPECT_EQ(elf.debug_file, r.objects[0].mapping.root + by_id);
    EXPECT_FALSE(elf.symtab.empty());
}

TEST(PidProbes, DTraceErrors) {
    auto f = resolve("a.out", "bdtrace_no_such_function", "entry");
    ASSERT_TRUE(f.error);
    EXPECT_EQ(f.error->tag, "D_PROC_FUNC");
    EXPECT_EQ(f.error->message,
              "failed to lookup 'bdtrace_no_such_function' in module '" + exe_name() + "'");
    // Under a module glob a missing function is no error: other modules may have it.
    auto g = resolve("*", "bdtrace_no_such_function", "entry");
    EXPECT_FALSE(g.error);
    EXPECT_TRUE(g.probes.empty());

    PidProbeResolver resolver;
    auto gone = resolver.resolve(0x7ffffffe, "a.out", "main", "entry");
    ASSERT_TRUE(gone.error);
    EXPECT_EQ(gone.error->tag, "D_PROC_GRAB");
    EXPECT_EQ(gone.error->message, "failed to grab process 2147483646: no such process");
}

TEST(PidProbes, ProviderNames) {
    bdtrace::Diagnostic err;
    auto p = parse_pid_provider("pid1234", err);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->prefix, "pid");
    EXPECT_EQ(p->pid, 1234u);
    auto u = parse_pid_provider("myapp77", err);
    ASSERT_TRUE(u);
    EXPECT_EQ(u->prefix, "myapp");
    EXPECT_FALSE(parse_pid_provider("pid", err));
    EXPECT_EQ(err.tag, "D_PROC_BADPROV");
    EXPECT_EQ(err.message, "'pid' is not a valid provider");
    EXPECT_FALSE(parse_pid_provider("pid0", err));
    EXPECT_EQ(err.tag, "D_PROC_BADPID");
    EXPECT_EQ(err.message, "'pid0' does not contain a valid pid");
}

TEST(PidProbes, ModuleMatchingRules) {
    const std::string maps =
        "55d000000000-55d000001000 r--p 00000000 fd:01 100 /usr/bin/app\n"
        "55d000001000-55d000002000 r-xp 00001000 fd:01 100 /usr/bin/app\n"
        "7f0000000000-7f0000001000 r-xp 00000000 fd:01 200 /usr/lib/libc.so.6\n"
        "7f0000100000-7f0000101000 r-xp 00000000 fd:01 300 /usr/lib/libcrypt.so.1\n"
        "7f0000200000-7f0000201000 rw-p 00000000 00:00 0 \n"
        "7ffd00000000-7ffd00001000 r-xp 00000000 00:00 0 [vdso]\n";
    auto objs = parse_maps(maps, "/usr/bin/app", "");
    ASSERT_EQ(objs.size(), 3u);
    EXPECT_EQ(objs[0].ranges.size(), 2u);
    EXPECT_TRUE(objs[0].executable);
    auto one = [&](const char* pattern) {
        auto m = match_modules(objs, pattern);
        return m.size() == 1 ? objs[m[0]].module : std::string("<" + std::to_string(m.size()) + ">");
    };
    EXPECT_EQ(one("a.out"), "app");
    EXPECT_EQ(one("app"), "app");
    EXPECT_EQ(one("/usr/lib/libc.so.6"), "libc.so.6");
    EXPECT_EQ(one("libc.so.6"), "libc.so.6");
    EXPECT_EQ(one("libc.so"), "libc.so.6");
    EXPECT_EQ(one("libc"), "libc.so.6");
    EXPECT_EQ(one("libcrypt"), "libcrypt.so.1");
    EXPECT_EQ(one("libc.so.6.1"), "<0>");
    EXPECT_EQ(one("libc*"), "<2>");
    EXPECT_EQ(one(""), "<3>");
    EXPECT_EQ(objs[2].dev, makedev(0xfd, 1));
}
