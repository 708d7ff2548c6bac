// Unwind tables for the BPF unwinder (process/cfi_table.h): the rule encoding, the bias of a
// mapping, the table of this test binary itself (sorted rows; at the first instruction of a
// function the CFA is rsp + 8, the return address just pushed by the call), and every row of
// the C library's, the dynamic linker's and this program's tables against libdw's reading.
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <libelf.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "process/cfi_table.h"

using namespace bdtrace::process;

namespace {

__attribute__((noinline)) int cfi_probe_function(int x) { return x * 3 + 1; }

// This executable's load bias (as dl_iterate_phdr sees it).
uint64_t own_bias() {
    uint64_t bias = 0;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) {
            *static_cast<uint64_t*>(data) = info->dlpi_addr;
            return 1;  // the first object is the executable
        },
        &bias);
    return bias;
}

const CfiRow* row_for(const CfiTable& t, uint64_t vaddr) {
    auto it = std::upper_bound(t.rows.begin(), t.rows.end(), vaddr,
                               [](uint64_t a, const CfiRow& r) { return a < r.start; });
    return it == t.rows.begin() ? nullptr : &*(it - 1);
}

}  // namespace

TEST(CfiTable, RuleEncoding) {
    uint32_t r = cfi_rule(CfaKind::Rbp, 16, RbpKind::Saved, 2);
    EXPECT_EQ(cfi_cfa_kind(r), CfaKind::Rbp);
    EXPECT_EQ(cfi_cfa_offset(r), 16u);
    EXPECT_EQ(cfi_rbp_kind(r), RbpKind::Saved);
    EXPECT_EQ(cfi_rbp_slot(r), 2u);
    r = cfi_rule(CfaKind::Rsp, kCfaOffsetMax);
    EXPECT_EQ(cfi_cfa_kind(r), CfaKind::Rsp);
    EXPECT_EQ(cfi_cfa_offset(r), kCfaOffsetMax);
    EXPECT_EQ(cfi_rbp_kind(r), RbpKind::Same);
}

TEST(CfiTable, BiasFromTheSegmentHoldingTheOffset) {
    CfiTable t;
    t.segments = {{0, 0, 0x1000}, {0x1000, 0x1000, 0x5000}, {0x6df0, 0x7df0, 0x300}};
    EXPECT_EQ(t.bias(0x555500001000, 0x1000), 0x555500000000u);
    // The data segment: its file offset and virtual address differ by a page.
    EXPECT_EQ(t.bias(0x555500007000, 0x6000), 0x555500000000u);
    EXPECT_FALSE(t.bias(0x1000, 0x100000).has_value());
}

TEST(CfiTable, OwnExecutable) {
    auto t = build_cfi_table("/proc/self/exe");
    ASSERT_TRUE(t);
    ASSERT_GT(t->rows.size(), 100u);
    for (size_t i = 1; i < t->rows.size(); ++i) ASSERT_LT(t->rows[i - 1].start, t->rows[i].start);
    uint64_t vaddr = reinterpret_cast<uint64_t>(&cfi_probe_function) - own_bias();
    const CfiRow* r = row_for(*t, vaddr);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(cfi_cfa_kind(r->rule), CfaKind::Rsp);
    EXPECT_EQ(cfi_cfa_offset(r->rule), 8u);
    EXPECT_EQ(cfi_rbp_kind(r->rule), RbpKind::Same);
    EXPECT_EQ(cfi_probe_function(1), 4);
}

TEST(CfiTable, NotAnElfFile) {
    EXPECT_FALSE(build_cfi_table("/proc/self/status"));
    EXPECT_FALSE(build_cfi_table("/nonexistent/file"));
}

// The table against libdw's reading of the same CFI, address by address: at each row's start
// and one byte into it, the rule libdw's frame gives is the row's.
namespace {

uint32_t libdw_rule(Dwarf_CFI* cfi, uint64_t addr, bool* found) {
    *found = false;
    Dwarf_Frame* frame = nullptr;
    if (dwarf_cfi_addrframe(cfi, addr, &frame) != 0 || !frame) return 0;
    *found = true;
    const uint32_t unsupported = cfi_rule(CfaKind::Unsupported, 0);
    Dwarf_Addr start = 0, end = 0;
    bool signal = false;
    dwarf_frame_info(frame, &start, &end, &signal);
    auto cfa_plus = [](const Dwarf_Op* ops, size_t n, int64_t* off) {
        if (n != 2 || ops[0].atom != DW_OP_call_frame_cfa || ops[1].atom != DW_OP_plus_uconst) return false;
        *off = static_cast<int64_t>(ops[1].number);
        return true;
    };
    uint32_t rule = unsupported;
    Dwarf_Op mem[3];
    Dwarf_Op* ops = nullptr;
    size_t n = 0;
    int64_t off = 0;
    if (!signal && dwarf_frame_register(frame, 16, mem, &ops, &n) == 0) {
        if (n == 0 && ops) {
            rule = cfi_rule(CfaKind::Outermost, 0);
        } else if (cfa_plus(ops, n, &off) && off == -8 && dwarf_frame_register(frame, 6, mem, &ops, &n) == 0) {
            RbpKind rk = RbpKind::Same;
            uint32_t slot = 0;
            bool ok = true;
            if (n == 0) {
                rk = ops ? RbpKind::Undefined : RbpKind::Same;
            } else if (cfa_plus(ops, n, &off) && off < 0 && off % 8 == 0 && -off / 8 <= 255) {
                rk = RbpKind::Saved;
                slot = static_cast<uint32_t>(-off / 8);
            } else {
                ok = false;
            }
            Dwarf_Op* cops = nullptr;
            size_t cn = 0;
            if (ok && dwarf_frame_cfa(frame, &cops, &cn) == 0) {
                if (cn == 1 && cops[0].atom == DW_OP_bregx && (cops[0].number == 7 || cops[0].number == 6))
                    rule = cfi_rule(cops[0].number == 7 ? CfaKind::Rsp : CfaKind::Rbp,
                                    static_cast<uint32_t>(cops[0].number2), rk, slot);
                else if (cn == 9 && cops[0].atom == DW_OP_breg7 && cops[4].atom >= DW_OP_lit0 && cops[4].atom <= DW_OP_lit15)
                    rule = cfi_rule(CfaKind::Plt, static_cast<uint32_t>(cops[4].atom - DW_OP_lit0), rk, slot);
            }
        }
    }
    std::free(frame);
    return rule;
}

void agrees_with_libdw(const char* path) {
    auto t = build_cfi_table(path);
    ASSERT_TRUE(t) << path;
    ASSERT_FALSE(t->rows.empty()) << path;
    int fd = ::open(path, O_RDONLY);
    ASSERT_GE(fd, 0);
    Elf* elf = elf_begin(fd, ELF_C_READ, nullptr);
    Dwarf_CFI* cfi = dwarf_getcfi_elf(elf);
    ASSERT_NE(cfi, nullptr);
    size_t compared = 0;
    for (size_t i = 0; i < t->rows.size(); ++i) {
        const CfiRow& r = t->rows[i];
        uint64_t next = i + 1 < t->rows.size() ? t->rows[i + 1].start : uint64_t{r.start} + 1;
        for (uint64_t a : {uint64_t{r.start}, next - 1}) {
            bool found = false;
            uint32_t want = libdw_rule(cfi, a, &found);
            if (cfi_cfa_kind(r.rule) == CfaKind::None) {
                EXPECT_FALSE(found) << path << " at 0x" << std::hex << a;
                continue;
            }
            ASSERT_TRUE(found) << path << " at 0x" << std::hex << a;
            ASSERT_EQ(r.rule, want) << path << " at 0x" << std::hex << a;
            ++compared;
        }
    }
    EXPECT_GT(compared, 100u);
    dwarf_cfi_end(cfi);
    elf_end(elf);
    ::close(fd);
}

}  // namespace

TEST(CfiTable, AgreesWithLibdwOnTheCLibrary) { agrees_with_libdw("/lib/x86_64-linux-gnu/libc.so.6"); }
TEST(CfiTable, AgreesWithLibdwOnTheDynamicLinker) { agrees_with_libdw("/lib64/ld-linux-x86-64.so.2"); }
TEST(CfiTable, AgreesWithLibdwOnThisProgram) { agrees_with_libdw("/proc/self/exe"); }
