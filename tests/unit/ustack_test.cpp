// User stacks and symbols: the uregs[] numbering, the checks of ustack() and the user symbol
// subroutines, user symbol naming in this process, recorded stacks as printed frames, and the
// merging of ufunc()/umod() aggregation keys.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "arch/x86_64_regs.h"
#include "codegen/program_set.h"
#include "frontend/parse.h"
#include "output/trace_format.h"
#include "process/user_symbols.h"
#include "runtime/agg_user_keys.h"
#include "runtime/user_stack.h"
#include "sema/sema.h"
#include "process/unwind.h"

#include <dwarf.h>

using namespace bdtrace;

extern "C" __attribute__((noinline)) int bdtrace_ustack_test_target(int x) { return x * 5 + 2; }

namespace {

std::string error_of(const std::string& text) {
    static sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    auto parsed = frontend::parse_program(src, {}, diags);
    if (!diags.has_errors()) sema::analyze(*parsed.program, types, registry, {}, diags);
    return diags.has_errors() ? diags.items()[0].tag + ": " + diags.items()[0].message : "";
}

std::vector<uint8_t> words(std::initializer_list<uint64_t> ws) {
    std::vector<uint8_t> out(8 * ws.size());
    size_t i = 0;
    for (uint64_t w : ws) std::memcpy(out.data() + 8 * i++, &w, 8);
    return out;
}

output::FormatContext fake_names() {
    output::FormatContext ctx;
    using UN = output::FormatContext::UserName;
    ctx.user_name = [](UN how, uint64_t pid, uint64_t addr) {
        std::string s = "p" + std::to_string(pid) + "`";
        if (how == UN::Mod) return std::string("mod");
        if (how == UN::Func) return s + "f" + std::to_string(addr / 100 * 100);
        return s + "f" + std::to_string(addr / 100 * 100) + "+" + std::to_string(addr % 100);
    };
    ctx.user_key = [](UN how, uint64_t, uint64_t addr) { return how == UN::Func ? addr / 100 * 100 : addr; };
    return ctx;
}

}  // namespace

TEST(Uregs, DTraceNumbers) {
    // regs.d on amd64: the i386 names first, the amd64 ones from R_SS + 1 = 19.
    EXPECT_EQ(arch::uregs_constant("R_PC"), 14);
    EXPECT_EQ(arch::uregs_constant("R_SP"), 17);
    EXPECT_EQ(arch::uregs_constant("R_FP"), 6);
    EXPECT_EQ(arch::uregs_constant("R_RAX"), 33);
    EXPECT_EQ(arch::uregs_constant("R_RIP"), 36);
    EXPECT_EQ(arch::uregs_constant("R_RSP"), 39);
    EXPECT_EQ(arch::uregs_constant("R_R15"), 19);
    EXPECT_FALSE(arch::uregs_constant("R_NOPE"));
    EXPECT_FALSE(arch::uregs_constant("PC"));
}

TEST(Uregs, PtRegsOffsets) {
    // The i386 names reach the 64-bit registers: EAX is rax, EIP rip, UESP and ESP rsp.
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_EAX")), 80);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_RAX")), 80);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_PC")), 128);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_ESP")), 152);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_UESP")), 152);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_RBP")), 32);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_RDI")), 112);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_R8")), 72);
    EXPECT_EQ(arch::uregs_offset(*arch::uregs_constant("R_GS")), arch::kUregZero);
    EXPECT_EQ(arch::uregs_offset(arch::uregs_last() + 1), arch::kUregInvalid);
    EXPECT_EQ(arch::uregs_offset(-1), arch::kUregInvalid);
}

TEST(SemaUstack, Checks) {
    EXPECT_EQ(error_of("BEGIN { ustack(); ustack(3); ustack(3, 100); }"), "");
    EXPECT_EQ(error_of("BEGIN { ustack(0); }"),
              "D_USTACK_FRAMES: ustack( ) argument #1 must be a non-zero positive integer constant");
    EXPECT_EQ(error_of("BEGIN { ustack(-2); }"),
              "D_USTACK_FRAMES: ustack( ) argument #1 must be a non-zero positive integer constant");
    EXPECT_EQ(error_of("BEGIN { ustack(2, -1); }"),
              "D_USTACK_STRSIZE: ustack( ) argument #2 must be a positive integer constant");
    EXPECT_EQ(error_of("BEGIN { ustack(2, 1, 1); }"), "D_USTACK_PROTO: ustack( ) prototype mismatch: too many arguments");
    EXPECT_EQ(error_of("BEGIN { @[ustack(2)] = count(); @u[ufunc(0), umod(0), uaddr(0), usym(0)] = sum(1); }"), "");
}

TEST(SemaUstack, UserSymbolPrototypes) {
    EXPECT_EQ(error_of("BEGIN { ufunc(1, 2); }"), "D_PROTO_LEN: ufunc( ) prototype mismatch: 2 args passed, 1 expected");
    EXPECT_EQ(error_of("BEGIN { umod(\"x\"); }"),
              "D_PROTO_ARG: umod( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string");
    EXPECT_EQ(error_of("BEGIN { printf(\"%A\", uaddr(0)); trace(uregs[R_PC] + ucaller + ustackdepth); }"), "");
    EXPECT_EQ(error_of("BEGIN { trace(uregs[1, 2]); }"), "D_PROTO_LEN: uregs[ ] prototype mismatch: 2 args passed, 1 expected");
}

TEST(UserSymbols, NamesInThisProcess) {
    process::UserSymbols syms;
    auto pid = static_cast<uint64_t>(getpid());
    auto addr = reinterpret_cast<uint64_t>(&bdtrace_ustack_test_target);
    syms.remember(pid);
    EXPECT_EQ(syms.uaddr(pid, addr), "unit_tests`bdtrace_ustack_test_target");
    EXPECT_EQ(syms.uaddr(pid, addr + 3), "unit_tests`bdtrace_ustack_test_target+0x3");
    EXPECT_EQ(syms.usym(pid, addr + 3), "unit_tests`bdtrace_ustack_test_target");
    EXPECT_EQ(syms.umod(pid, addr + 3), "unit_tests");
    EXPECT_EQ(syms.function_start(pid, addr + 3), addr);
    EXPECT_EQ(syms.uaddr(pid, 8), "0x8");  // unmapped
    EXPECT_EQ(syms.umod(pid, 8), "0x8");
    EXPECT_EQ(syms.uaddr(0, addr), "0x" + [&] {
        char b[32];
        std::snprintf(b, sizeof b, "%llx", static_cast<unsigned long long>(addr));
        return std::string(b);
    }());
}

TEST(UserStack, FramesEndAtZeroAndAtTheCount) {
    codegen::Field f;
    f.kind = codegen::Field::Kind::UStack;
    f.frames = 4;
    f.size = 16 + 8 * 4;
    auto ctx = fake_names();
    auto data = words({42, 24, 101, 205, 0, 999});
    output::Value v = runtime::user_stack_value(f, data.data(), ctx);
    ASSERT_EQ(v.frames.size(), 2u);  // the third PC is zero
    EXPECT_EQ(v.frames[0], "p42`f100+1");
    EXPECT_EQ(v.frames[1], "p42`f200+5");
    data = words({42, 8, 101, 205, 306, 407});
    EXPECT_EQ(runtime::user_stack_value(f, data.data(), ctx).frames.size(), 1u);  // one PC recorded
    data = words({42, static_cast<uint64_t>(-14), 101, 205, 306, 407});
    EXPECT_TRUE(runtime::user_stack_value(f, data.data(), ctx).frames.empty());  // the walk failed
    EXPECT_EQ(output::format_trace(runtime::user_stack_value(f, words({1, 8, 100, 0, 0, 0}).data(), ctx)),
              "\n              p1`f100+0\n");
}

TEST(UserStack, SymbolValues) {
    codegen::Field f;
    f.kind = codegen::Field::Kind::USym;
    f.size = 16;
    auto ctx = fake_names();
    auto data = words({7, 345});
    f.usym = sema::Type::UserSym::Func;
    EXPECT_EQ(runtime::user_symbol_value(f, data.data(), ctx).text, "p7`f300");
    f.usym = sema::Type::UserSym::Addr;
    EXPECT_EQ(runtime::user_symbol_value(f, data.data(), ctx).text, "p7`f300+45");
    f.usym = sema::Type::UserSym::Mod;
    EXPECT_EQ(runtime::user_symbol_value(f, data.data(), ctx).text, "mod");
    output::Value a = runtime::user_symbol_address(data.data());
    EXPECT_EQ(a.pid, 7u);
    EXPECT_EQ(a.bits, 345u);
}

TEST(UserStack, UfuncKeysMergeOnTheFunction) {
    codegen::ProgramSet ps;
    codegen::AggDesc d;
    d.id = 1;
    d.func = sema::AggFunc::Count;
    codegen::Field k;
    k.kind = codegen::Field::Kind::USym;
    k.usym = sema::Type::UserSym::Func;
    k.offset = 8;
    k.size = 16;
    d.keys.push_back(k);
    d.value_size = 8;
    ps.aggregations.push_back(d);
    auto row = [](uint64_t addr, int64_t n) {
        runtime::AggRow r;
        r.agg = 1;
        r.key = words({1, 9, addr});
        r.value = {n};
        return r;
    };
    std::vector<runtime::AggRow> rows = {row(101, 2), row(150, 3), row(230, 4)};
    std::vector<runtime::AggRow> holder;
    const auto& merged = runtime::merge_user_keys(rows, ps, fake_names(), holder);
    ASSERT_EQ(merged.size(), 2u);
    EXPECT_EQ(merged[0].value[0], 5);
    EXPECT_EQ(merged[1].value[0], 4);
    uint64_t addr;
    std::memcpy(&addr, merged[0].key.data() + 16, 8);
    EXPECT_EQ(addr, 100u);
    // uaddr() keys stay as they are.
    ps.aggregations[0].keys[0].usym = sema::Type::UserSym::Addr;
    EXPECT_EQ(&runtime::merge_user_keys(rows, ps, fake_names(), holder), &rows);
}

namespace {

// Rules by PC range: A (0x1000..) keeps its return address at the CFA-8 with CFA = rsp+8; B
// (0x2000..) has a 16-byte frame, CFA = rsp+24; C (0x3000..) is the outermost frame.
class FakeCfi : public process::CfiSource {
public:
    std::optional<process::FrameRules> rules(uint64_t, uint64_t pc) override {
        using process::DwarfOp;
        using process::RegisterRule;
        process::FrameRules r;
        RegisterRule at_cfa_minus_8;
        at_cfa_minus_8.kind = RegisterRule::Kind::Expr;
        at_cfa_minus_8.ops = {DwarfOp{DW_OP_call_frame_cfa, 0, 0}, DwarfOp{DW_OP_plus_uconst, static_cast<uint64_t>(-8), 0}};
        r.rbp.kind = RegisterRule::Kind::Same;
        if (pc >= 0x1000 && pc < 0x2000) {
            r.cfa = {DwarfOp{DW_OP_bregx, 7, 8}};
            r.ra = at_cfa_minus_8;
        } else if (pc >= 0x2000 && pc < 0x3000) {
            r.cfa = {DwarfOp{DW_OP_bregx, 7, 24}};
            r.ra = at_cfa_minus_8;
        } else if (pc >= 0x3000 && pc < 0x4000) {
            r.cfa = {DwarfOp{DW_OP_bregx, 7, 8}};
            r.ra.kind = RegisterRule::Kind::Undefined;
        } else {
            return std::nullopt;
        }
        return r;
    }
};

}  // namespace

TEST(Unwind, WalksFramesWithoutFramePointers) {
    FakeCfi cfi;
    auto stack = words({0x2010, 0xaa, 0xbb, 0x3020, 0xcc});
    process::StackCopy copy{0x1004, 0x7000, 0, std::span<const uint8_t>(stack)};
    process::Unwound u = process::unwind_stack(cfi, 1, copy, 10);
    ASSERT_EQ(u.pcs.size(), 3u);
    EXPECT_EQ(u.pcs[0], 0x1004u);
    EXPECT_EQ(u.pcs[1], 0x2010u);
    EXPECT_EQ(u.pcs[2], 0x3020u);
    EXPECT_TRUE(u.complete);
    EXPECT_EQ(process::unwind_stack(cfi, 1, copy, 2).pcs.size(), 2u);  // max frames
}

TEST(Unwind, StopsWhereTheCopyEnds) {
    FakeCfi cfi;
    auto stack = words({0x2010, 0xaa});  // B's return address would be past the copy
    process::StackCopy copy{0x1004, 0x7000, 0, std::span<const uint8_t>(stack)};
    process::Unwound u = process::unwind_stack(cfi, 1, copy, 10);
    EXPECT_EQ(u.pcs.size(), 2u);
    EXPECT_FALSE(u.complete);
    // A PC no module's CFI covers: only the PC.
    process::StackCopy unknown{0x9000, 0x7000, 0, std::span<const uint8_t>(stack)};
    EXPECT_EQ(process::unwind_stack(cfi, 1, unknown, 10).pcs.size(), 1u);
}

namespace {

// Captures this thread's registers and stack here, as a probe's record would hold them.
__attribute__((noinline)) void capture(process::StackCopy& c, std::vector<uint8_t>& bytes) {
    uint64_t ip, sp, bp;
    asm volatile("lea 0(%%rip), %0\n\tmov %%rsp, %1\n\tmov %%rbp, %2" : "=r"(ip), "=r"(sp), "=r"(bp));
    c.ip = ip;
    c.sp = sp;
    c.bp = bp;
    // At most 4096 bytes, and not past the stack's end (a test run shallow enough, with a
    // small environment, has less than that above it).
    uint64_t end = sp + 4096;
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) {
        uint64_t lo = 0, hi = 0;
        if (std::sscanf(line.c_str(), "%" SCNx64 "-%" SCNx64, &lo, &hi) == 2 && lo <= sp && sp < hi) {
            end = std::min(end, hi);
            break;
        }
    }
    bytes.assign(reinterpret_cast<const uint8_t*>(sp), reinterpret_cast<const uint8_t*>(end));
}

__attribute__((noinline)) std::vector<std::string> unwind_here(process::UserSymbols& syms) {
    process::StackCopy c;
    std::vector<uint8_t> bytes;
    capture(c, bytes);
    c.bytes = bytes;
    process::ModuleCfi cfi(syms);
    auto pid = static_cast<uint64_t>(getpid());
    std::vector<std::string> names;
    for (uint64_t pc : process::unwind_stack(cfi, pid, c, 8).pcs) names.push_back(syms.uaddr(pid, pc));
    return names;
}

}  // namespace

TEST(Unwind, ThisProcessWithItsEhFrame) {
    process::UserSymbols syms;
    std::vector<std::string> names = unwind_here(syms);
    ASSERT_GE(names.size(), 3u);
    EXPECT_NE(names[0].find("capture("), std::string::npos) << names[0];
    EXPECT_NE(names[1].find("unwind_here("), std::string::npos) << names[1];
    EXPECT_NE(names[2].find("Unwind_ThisProcessWithItsEhFrame_Test::TestBody()"), std::string::npos) << names[2];
}
