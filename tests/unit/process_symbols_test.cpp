#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "process/elf_file.h"
#include "process/kernel_symbols.h"
#include "process/proc_maps.h"
#include "process/user_symbols.h"

// A function of this test binary with external linkage, so that .symtab names it.
extern "C" __attribute__((noinline)) int bdtrace_test_symbol_target(int x) { return x * 3 + 1; }

TEST(ProcessSymbols, UserAddressInThisProcess) {
    bdtrace::process::UserSymbols syms;
    auto addr = reinterpret_cast<uint64_t>(&bdtrace_test_symbol_target);
    std::string name = syms.describe(static_cast<uint64_t>(getpid()), addr);
    EXPECT_EQ(name, "unit_tests`bdtrace_test_symbol_target");
    EXPECT_EQ(syms.describe(static_cast<uint64_t>(getpid()), addr + 1),
              "unit_tests`bdtrace_test_symbol_target+0x1");
    EXPECT_EQ(syms.describe(static_cast<uint64_t>(getpid()), 8), "");  // not mapped
}

TEST(ProcessSymbols, KernelFunctionsFromKallsyms) {
    bdtrace::process::KernelSymbols k;
    auto addr = k.address_of("vfs_read");
    if (!addr) GTEST_SKIP() << "kallsyms hides addresses here (kptr_restrict) or is missing";
    EXPECT_EQ(k.describe(*addr), "vmlinux`vfs_read");
    EXPECT_EQ(k.describe(*addr + 4), "vmlinux`vfs_read+0x4");
    EXPECT_EQ(k.address_of("vfs_read", "vmlinux"), addr);
    EXPECT_FALSE(k.address_of("bdtrace_no_such_symbol"));
    // The one-name search that stops where it finds it agrees with the table.
    EXPECT_EQ(bdtrace::process::kallsyms_address("vfs_read"), addr);
    EXPECT_FALSE(bdtrace::process::kallsyms_address("bdtrace_no_such_symbol"));
    EXPECT_FALSE(bdtrace::process::kallsyms_address("fs_read"));  // a suffix is not the name
}

// Data objects of this test binary: one initialized (.data) and one zeroed (.bss), named as
// libproc names them (plockstat's Lock column); functions still as uaddr() names them.
extern "C" {
__attribute__((used)) long bdtrace_test_data_object[4] = {1, 2, 3, 4};
__attribute__((used)) long bdtrace_test_bss_object[512];
}

TEST(ProcessSymbols, DataObjectsInThisProcess) {
    bdtrace::process::UserSymbols syms;
    auto pid = static_cast<uint64_t>(getpid());
    auto data = reinterpret_cast<uint64_t>(&bdtrace_test_data_object[0]);
    auto bss = reinterpret_cast<uint64_t>(&bdtrace_test_bss_object[0]);
    EXPECT_EQ(syms.lookup(pid, data), "unit_tests`bdtrace_test_data_object");
    EXPECT_EQ(syms.lookup(pid, data + 16), "unit_tests`bdtrace_test_data_object+0x10");
    EXPECT_EQ(syms.lookup(pid, bss), "unit_tests`bdtrace_test_bss_object");
    EXPECT_EQ(syms.lookup(pid, bss + 8 * 511), "unit_tests`bdtrace_test_bss_object+0xff8");
    auto fn = reinterpret_cast<uint64_t>(&bdtrace_test_symbol_target);
    EXPECT_EQ(syms.lookup(pid, fn + 1), "unit_tests`bdtrace_test_symbol_target+0x1");
    EXPECT_EQ(syms.lookup(pid, 8), "0x8");
}

// A process gone before it was read: its address space rebuilt from the process watch's
// reports (this process's own, told for a pid no process can have).
TEST(ProcessSymbols, AddressSpaceRebuiltFromWatchReports) {
    using namespace bdtrace::process;
    auto own = read_mapped_objects(static_cast<uint64_t>(getpid()));
    ASSERT_TRUE(own);
    const MappedObject* exe = nullptr;
    const MappedObject* libc = nullptr;
    for (const auto& m : *own) {
        if (m.executable) exe = &m;
        if (m.module.rfind("libc.so", 0) == 0) libc = &m;
    }
    ASSERT_TRUE(exe);
    auto elf = ElfFile::load("", exe->path);
    ASSERT_TRUE(elf);
    // binfmt_elf's start_code: the lowest executable segment at the load bias.
    uint64_t lowest_exec = ~0ULL;
    for (const auto& seg : elf->loads)
        if (seg.flags & 1) lowest_exec = std::min(lowest_exec, seg.vaddr);
    const MappedRange& first = exe->ranges.front();
    uint64_t bias = first.start - elf->vaddr_of_offset(first.offset).value_or(0);
    const uint64_t gone = 0x7ffffff0;  // above any pid_max
    UserSymbols syms;
    auto addr = reinterpret_cast<uint64_t>(&bdtrace_test_symbol_target);
    EXPECT_EQ(syms.describe(gone, addr), "");  // nothing known
    syms.know_file(*exe);
    syms.note_exec(gone, exe->dev, exe->inode, bias + lowest_exec);
    EXPECT_EQ(syms.describe(gone, addr + 1), "unit_tests`bdtrace_test_symbol_target+0x1");
    if (!libc) GTEST_SKIP() << "libc.so.6 is not mapped here";
    auto getpid_addr = reinterpret_cast<uint64_t>(&::getpid);
    EXPECT_EQ(syms.umod(gone, getpid_addr), "0x" + [&] {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(getpid_addr));
        return std::string(buf);
    }());
    // The dynamic linker's first mapping of libc: its lowest address.
    syms.know_file(*libc);
    syms.note_mmap(gone, libc->dev, libc->inode, libc->ranges.front().start);
    EXPECT_EQ(syms.umod(gone, getpid_addr), libc->module);
    EXPECT_EQ(syms.usym(gone, addr + 3), "unit_tests`bdtrace_test_symbol_target");
}

// ElfFile::read keeps the file it read last open; a file loaded later from the same path (a new
// file put there meanwhile) reads its own bytes, and reads alternating between files stay right.
TEST(ProcessSymbols, ElfReadsEachLoadedFile) {
    using bdtrace::process::ElfFile;
    char tmpl[] = "/tmp/bdtrace-elfread-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    const std::string dir = tmpl, path = dir + "/prog", other = dir + "/other";
    auto copy = [](const std::string& to, char pad) {
        FILE* in = std::fopen("/bin/true", "rb");
        FILE* out = std::fopen((to + ".new").c_str(), "wb");
        ASSERT_TRUE(in && out);
        int c;
        for (long at = 0; (c = std::fgetc(in)) != EOF; ++at)
            std::fputc(at >= 9 && at < 16 ? pad : c, out);  // e_ident's padding bytes
        std::fclose(in);
        std::fclose(out);
        ASSERT_EQ(std::rename((to + ".new").c_str(), to.c_str()), 0);
    };
    auto pad_of = [](const ElfFile& f) {
        auto at = f.vaddr_of_offset(9);
        std::vector<uint8_t> b = at ? f.read(*at, 7) : std::vector<uint8_t>{};
        auto same = [&](uint8_t x) { return x == b[0]; };
        return b.size() == 7 && std::all_of(b.begin(), b.end(), same) ? static_cast<int>(b[0]) : -1;
    };
    copy(path, 'a');
    copy(other, 'o');
    auto first = ElfFile::load("", path);
    auto second = ElfFile::load("", other);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(pad_of(*first), 'a');
    EXPECT_EQ(pad_of(*second), 'o');
    EXPECT_EQ(pad_of(*first), 'a');
    copy(path, 'b');  // a new file at the path while the old one is still open
    auto again = ElfFile::load("", path);
    ASSERT_TRUE(again);
    EXPECT_EQ(pad_of(*again), 'b');
    std::remove(path.c_str());
    std::remove(other.c_str());
    rmdir(dir.c_str());
}

// ElfWindow hands out what ElfFile::read gives, whatever the order of the ranges: a walk over
// every function in address order (served from larger reads), the same functions scattered,
// a range larger than any window, and ranges outside the file's segments.
TEST(ProcessSymbols, ElfWindowGivesWhatReadGives) {
    using namespace bdtrace::process;
    auto elf = ElfFile::load("", "/proc/self/exe");
    ASSERT_TRUE(elf);
    ASSERT_FALSE(elf->symtab.empty());
    auto same = [&](ElfWindow& w, uint64_t vaddr, uint64_t size) {
        std::vector<uint8_t> want = elf->read(vaddr, size);
        std::span<const uint8_t> got = w.bytes(vaddr, size);
        EXPECT_EQ(std::vector<uint8_t>(got.begin(), got.end()), want)
            << std::hex << vaddr << " " << size;
    };
    ElfWindow walk(*elf);
    for (const auto& s : elf->symtab) same(walk, s.value, s.size);
    ElfWindow scattered(*elf);
    for (size_t i = elf->symtab.size(); i-- > 0;)
        same(scattered, elf->symtab[i].value, elf->symtab[i].size);
    ElfWindow other(*elf);
    for (const auto& seg : elf->loads) {
        same(other, seg.vaddr, std::min<uint64_t>(seg.filesz, 300 * 1024));  // past any window
        same(other, seg.vaddr + seg.filesz - 8, 16);  // past the file's bytes
    }
    same(other, 0x7fff00000000, 16);  // in no segment
}
