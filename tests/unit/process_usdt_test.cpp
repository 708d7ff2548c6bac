// USDT: the argument-spec parser on every x86-64 operand form sys/sdt.h writes, and the note
// parser on this very test binary, which carries probes of its own (below), with and without a
// semaphore, and one whose argument is a global read %rip-relative.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/sdt.h>
#include <unistd.h>

#include <cstring>
#include <string>

#include "process/usdt_args.h"
#include "process/usdt_notes.h"
#include "process/usdt_probes.h"

using namespace bdtrace::process;

extern "C" {
__attribute__((used, section(".probes"))) unsigned short lt_unit_semprobe_semaphore;
__attribute__((used)) volatile long lt_unit_global = 77;
}

__attribute__((noinline, used)) long lt_unit_fire(long a, int b) {
    STAP_PROBE2(lt_unit, plain__probe, a, b);
    // One probe with a semaphore, as _SDT_HAS_SEMAPHORES would give every probe of the file.
#undef _SDT_SEMAPHORE
#define _SDT_SEMAPHORE(p, n) _SDT_ASM_1(_SDT_ASM_ADDR p##_##n##_semaphore)
    if (lt_unit_semprobe_semaphore) STAP_PROBE1(lt_unit, semprobe, a);
#undef _SDT_SEMAPHORE
#define _SDT_SEMAPHORE(p, n) _SDT_ASM_1(_SDT_ASM_ADDR 0)
    STAP_PROBE1(lt_unit, global__arg, lt_unit_global);
    return a + b;
}

namespace {

UsdtArg arg(const char* spec) {
    std::string err;
    auto a = parse_usdt_arg(spec, &err);
    EXPECT_TRUE(a.has_value()) << spec << ": " << err;
    return a.value_or(UsdtArg{});
}

constexpr int16_t kAx = 80, kBx = 40, kCx = 88, kDx = 96, kSi = 104, kDi = 112, kBp = 32, kSp = 152, kIp = 128;
constexpr int16_t kR8 = 72, kR9 = 64, kR10 = 56, kR11 = 48, kR12 = 24, kR13 = 16, kR14 = 8, kR15 = 0;

TEST(UsdtArgs, Registers64) {
    auto a = arg("8@%rax");
    EXPECT_EQ(a.kind, UsdtArg::Kind::Reg);
    EXPECT_EQ(a.size, 8);
    EXPECT_FALSE(a.is_signed);
    EXPECT_EQ(a.base, kAx);
    EXPECT_EQ(arg("-8@%rbx").base, kBx);
    EXPECT_TRUE(arg("-8@%rbx").is_signed);
    const std::pair<const char*, int16_t> regs[] = {{"%rcx", kCx}, {"%rdx", kDx}, {"%rsi", kSi}, {"%rdi", kDi},
                                                    {"%rbp", kBp}, {"%rsp", kSp}, {"%r8", kR8},   {"%r9", kR9},
                                                    {"%r10", kR10}, {"%r11", kR11}, {"%r12", kR12}, {"%r13", kR13},
                                                    {"%r14", kR14}, {"%r15", kR15}};
    for (const auto& [name, off] : regs) EXPECT_EQ(arg((std::string("8@") + name).c_str()).base, off) << name;
}

TEST(UsdtArgs, SubRegisters) {
    auto e = arg("-4@%edi");
    EXPECT_EQ(e.base, kDi);
    EXPECT_EQ(e.size, 4);
    EXPECT_TRUE(e.is_signed);
    EXPECT_EQ(arg("2@%ax").base, kAx);
    EXPECT_EQ(arg("2@%ax").size, 2);
    EXPECT_EQ(arg("-1@%al").base, kAx);
    EXPECT_EQ(arg("-1@%al").size, 1);
    EXPECT_EQ(arg("1@%sil").base, kSi);
    EXPECT_EQ(arg("1@%dil").base, kDi);
    EXPECT_EQ(arg("4@%r8d").base, kR8);
    EXPECT_EQ(arg("2@%r8w").base, kR8);
    EXPECT_EQ(arg("1@%r8b").base, kR8);
    EXPECT_EQ(arg("-4@%r15d").base, kR15);
    auto ah = arg("1@%ah");
    EXPECT_EQ(ah.base, kAx);
    EXPECT_EQ(ah.shift, 8);
    EXPECT_EQ(arg("1@%bh").base, kBx);
    // A size larger than the register spelled: the register's width.
    EXPECT_EQ(arg("8@%eax").size, 4);
}

TEST(UsdtArgs, Constants) {
    auto c = arg("4@$5");
    EXPECT_EQ(c.kind, UsdtArg::Kind::Const);
    EXPECT_EQ(c.value, 5);
    EXPECT_EQ(c.size, 4);
    EXPECT_EQ(arg("-1@$-1").value, -1);
    EXPECT_EQ(arg("-8@$0x10").value, 16);
    EXPECT_EQ(arg("8@$0").value, 0);
}

TEST(UsdtArgs, Memory) {
    auto m = arg("-8@-24(%rbp)");
    EXPECT_EQ(m.kind, UsdtArg::Kind::Mem);
    EXPECT_EQ(m.base, kBp);
    EXPECT_EQ(m.index, -1);
    EXPECT_EQ(m.value, -24);
    EXPECT_TRUE(m.is_signed);
    auto x = arg("8@16(%rax,%rdx,8)");
    EXPECT_EQ(x.base, kAx);
    EXPECT_EQ(x.index, kDx);
    EXPECT_EQ(x.scale, 8);
    EXPECT_EQ(x.value, 16);
    auto y = arg("-8@(%rcx,%rsi,8)");
    EXPECT_EQ(y.base, kCx);
    EXPECT_EQ(y.index, kSi);
    EXPECT_EQ(y.value, 0);
    auto z = arg("4@(%rdi)");
    EXPECT_EQ(z.base, kDi);
    EXPECT_EQ(z.value, 0);
    auto w = arg("4@8(,%rax,4)");
    EXPECT_EQ(w.base, -1);
    EXPECT_EQ(w.index, kAx);
    EXPECT_EQ(w.scale, 4);
    auto i = arg("2@(%rax,%rbx)");
    EXPECT_EQ(i.index, kBx);
    EXPECT_EQ(i.scale, 1);
    EXPECT_EQ(arg("-4@112(%rsp)").base, kSp);
    EXPECT_EQ(arg("4@0x10(%r12)").value, 16);
    EXPECT_EQ(arg("4@-0x10(%r12)").value, -16);
}

TEST(UsdtArgs, RipRelative) {
    auto g = arg("-4@g(%rip)");
    EXPECT_TRUE(g.rip);
    EXPECT_EQ(g.base, kIp);
    EXPECT_EQ(g.symbol, "g");
    EXPECT_EQ(g.value, 0);
    auto a = arg("-8@8+arr(%rip)");
    EXPECT_EQ(a.symbol, "arr");
    EXPECT_EQ(a.value, 8);
    auto b = arg("8@arr+16(%rip)");
    EXPECT_EQ(b.symbol, "arr");
    EXPECT_EQ(b.value, 16);
    auto c = arg("8@lt.name-8(%rip)");
    EXPECT_EQ(c.symbol, "lt.name");
    EXPECT_EQ(c.value, -8);
}

TEST(UsdtArgs, FloatBits) {
    auto f = arg("8f@%rax");
    EXPECT_TRUE(f.is_float);
    EXPECT_EQ(f.kind, UsdtArg::Kind::Reg);
    EXPECT_EQ(f.size, 8);
    EXPECT_FALSE(f.is_signed);
    auto m = arg("4f@-8(%rbp)");
    EXPECT_TRUE(m.is_float);
    EXPECT_EQ(m.size, 4);
}

TEST(UsdtArgs, BareOperandIsSignedLong) {
    auto a = arg("%rax");
    EXPECT_EQ(a.size, 8);
    EXPECT_TRUE(a.is_signed);
}

TEST(UsdtArgs, Refused) {
    for (const char* bad : {"3@%rax", "8@%xmm0", "8@", "8@$x", "8@(%rax", "8@16(%rax,%rdx,3)", "8@%rip",
                            "8@g(%rax)", "16@%rax", "8@1(%rax,%rbx,2,3)", "8@()", "8@-foo(%rip)", "8g@%rax", "f@%rax"}) {
        std::string err;
        EXPECT_FALSE(parse_usdt_arg(bad, &err).has_value()) << bad;
        EXPECT_NE(err.find("bad USDT argument spec"), std::string::npos) << bad;
    }
}

TEST(UsdtArgs, SiteSpecs) {
    auto all = parse_usdt_args("-4@%edi -8@%rsi 4@$5");
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), 3u);
    EXPECT_EQ((*all)[2].value, 5);
    EXPECT_TRUE(parse_usdt_args("")->empty());
    std::string thirteen;
    for (int i = 0; i < 13; ++i) thirteen += "8@$1 ";
    EXPECT_FALSE(parse_usdt_args(thirteen));
}

TEST(UsdtNotes, PrelinkAdjustment) {
    // .stapsdt.base was at 0x2004 when the notes were written and is at 0x12004 now.
    EXPECT_EQ(usdt_adjust(0x1160, 0x2004, 0x12004), 0x11160u);
    EXPECT_EQ(usdt_adjust(0x4030, 0x2004, 0x12004), 0x14030u);
    EXPECT_EQ(usdt_adjust(0, 0x2004, 0x12004), 0u);  // no semaphore
    EXPECT_EQ(usdt_adjust(0x1160, 0x2004, 0x2004), 0x1160u);
    EXPECT_EQ(usdt_adjust(0x1160, 0x2004, std::nullopt), 0x1160u);
    // Moved down.
    EXPECT_EQ(usdt_adjust(0x11160, 0x12004, 0x2004), 0x1160u);
}

TEST(UsdtNotes, ProbeNames) {
    EXPECT_EQ(usdt_probe_name("function__entry"), "function-entry");
    EXPECT_EQ(usdt_probe_name("go"), "go");
    EXPECT_EQ(usdt_probe_name("a___b"), "a-_b");
    EXPECT_EQ(usdt_probe_name("import__find__load__start"), "import-find-load-start");
}

const UsdtNote* find(const UsdtFile& f, const std::string& name) {
    for (const auto& n : f.notes)
        if (n.provider == "lt_unit" && n.name == name) return &n;
    return nullptr;
}

TEST(UsdtNotes, ThisBinary) {
    ASSERT_EQ(lt_unit_fire(1, 2), 3);
    auto f = read_usdt_notes("/proc/self/exe");
    ASSERT_TRUE(f);
    const UsdtNote* plain = find(*f, "plain__probe");
    const UsdtNote* sem = find(*f, "semprobe");
    const UsdtNote* global = find(*f, "global__arg");
    ASSERT_TRUE(plain && sem && global);
    EXPECT_EQ(plain->args.size(), 2u);
    EXPECT_TRUE(plain->error.empty());
    EXPECT_EQ(plain->semaphore, 0u);
    EXPECT_EQ(plain->semaphore_offset, 0u);
    // The site is a nop the macro put there: the byte at its file offset is 0x90.
    int fd = ::open("/proc/self/exe", O_RDONLY);
    ASSERT_GE(fd, 0);
    unsigned char b = 0;
    ASSERT_EQ(::pread(fd, &b, 1, static_cast<off_t>(plain->pc_offset)), 1);
    EXPECT_EQ(b, 0x90);
    // The semaphore's file offset holds its initial value (0) in the file's .probes section.
    EXPECT_NE(sem->semaphore, 0u);
    EXPECT_NE(sem->semaphore_offset, 0u);
    unsigned short v = 1;
    ASSERT_EQ(::pread(fd, &v, 2, static_cast<off_t>(sem->semaphore_offset)), 2);
    EXPECT_EQ(v, 0);
    ::close(fd);
    // The semaphore's address in this process is the symbol's: vaddr + load bias, as the pc's.
    uint64_t bias = reinterpret_cast<uint64_t>(&lt_unit_semprobe_semaphore) - sem->semaphore;
    EXPECT_EQ(reinterpret_cast<uint64_t>(&lt_unit_fire) - bias <= plain->pc, true);
    // A global read through %rip: its displacement became relative to the site.
    ASSERT_EQ(global->args.size(), 1u);
    ASSERT_TRUE(global->args[0].rip);
    EXPECT_EQ(global->args[0].symbol, "lt_unit_global");
    EXPECT_EQ(global->pc + static_cast<uint64_t>(global->args[0].value) + bias,
              reinterpret_cast<uint64_t>(&lt_unit_global));
}

TEST(UsdtNotes, NotElfOrNoNotes) {
    EXPECT_FALSE(read_usdt_notes("/nonexistent/file"));
    EXPECT_FALSE(read_usdt_notes("/proc/self/status"));
}

TEST(UsdtProbes, ResolvedInThisProcess) {
    UsdtResolver r;
    auto probes = r.resolve(static_cast<uint64_t>(getpid()), "lt_unit", "", "", "plain-probe");
    ASSERT_EQ(probes.size(), 1u);
    EXPECT_EQ(probes[0].module, "unit_tests");
    EXPECT_EQ(probes[0].function, "_Z12lt_unit_fireli");
    EXPECT_EQ(probes[0].name, "plain-probe");
    ASSERT_EQ(probes[0].sites.size(), 1u);
    EXPECT_EQ(probes[0].sites[0].ref_ctr_offset, 0u);
    auto all = r.resolve(static_cast<uint64_t>(getpid()), "lt_*", "a.out", "*fire*", "");
    EXPECT_EQ(all.size(), 3u);
    EXPECT_TRUE(r.resolve(static_cast<uint64_t>(getpid()), "lt_unit", "libc.so.6", "", "").empty());
    bool missing = false;
    EXPECT_TRUE(r.resolve(static_cast<uint64_t>(getpid()), "lt_unit", "libnothing", "", "", &missing).empty());
    EXPECT_TRUE(missing);
}

}  // namespace
