// A function's decode (process/function_code.h): instruction starts, return sites (rets, tail
// jumps direct, conditional and indirect, but not switch dispatches or jumps to the function's
// own .cold part), 5-byte NOPs, the cross-checks that refuse a decode that is not trustworthy,
// and the rule for return uprobes (process/uretprobe_safety.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "process/function_code.h"
#include "process/uretprobe_safety.h"

using namespace bdtrace::process;

namespace {

FunctionCode decode(const std::vector<uint8_t>& code, FunctionLayout layout = {}) {
    if (layout.size == 0) {
        layout.start = 0x1000;
        layout.size = code.size();
    }
    return decode_function(code, layout);
}

std::vector<uint64_t> offsets(const FunctionCode& c) {
    std::vector<uint64_t> out;
    for (const auto& r : c.returns) out.push_back(r.offset);
    return out;
}

std::vector<ReturnKind> kinds(const FunctionCode& c) {
    std::vector<ReturnKind> out;
    for (const auto& r : c.returns) out.push_back(r.kind);
    return out;
}

}  // namespace

TEST(FunctionCode, RetsAndDirectTailJumps) {
    // 0 push %rbp; 1 jmp +2 (inside); 3 ret; 4 nop; 5 nop; 6 jmp -0x40 (outside: a tail call);
    // 8 ret $8; 11 rep ret
    const std::vector<uint8_t> code = {0x55, 0xeb, 0x02, 0xc3, 0x90, 0x90, 0xeb, 0xc0, 0xc2, 0x08, 0x00, 0xf3, 0xc3};
    FunctionCode c = decode(code);
    EXPECT_TRUE(c.complete) << c.why;
    EXPECT_TRUE(c.has_ret);
    EXPECT_EQ(c.insns, (std::vector<uint64_t>{0, 1, 3, 4, 5, 6, 8, 11}));
    EXPECT_EQ(offsets(c), (std::vector<uint64_t>{3, 6, 8, 11}));
    EXPECT_EQ(kinds(c), (std::vector<ReturnKind>{ReturnKind::Ret, ReturnKind::Jump, ReturnKind::Ret, ReturnKind::Ret}));
    EXPECT_EQ(c.last, "ret");
}

TEST(FunctionCode, ConditionalTailJumpAndCallsAreNotReturns) {
    // 0 test %edi,%edi; 2 jne +0x100 (outside); 8 call +0x200 (a call returns here); 13 ret
    const std::vector<uint8_t> code = {0x85, 0xff, 0x0f, 0x85, 0x00, 0x01, 0x00, 0x00,
                                       0xe8, 0x00, 0x02, 0x00, 0x00, 0xc3};
    FunctionCode c = decode(code);
    ASSERT_TRUE(c.complete) << c.why;
    EXPECT_EQ(offsets(c), (std::vector<uint64_t>{2, 13}));
    EXPECT_EQ(kinds(c), (std::vector<ReturnKind>{ReturnKind::CondJump, ReturnKind::Ret}));
}

TEST(FunctionCode, JumpToTheFunctionsColdPartStaysInside) {
    // 0 jne +0x20 (into f.cold); 6 jmp +0x40 (elsewhere: a tail call); 11 ret
    const std::vector<uint8_t> code = {0x0f, 0x85, 0x20, 0x00, 0x00, 0x00, 0xe9, 0x40, 0x00, 0x00, 0x00, 0xc3};
    FunctionLayout l{0x1000, code.size(), {{0x1026, 0x1030}}, {}};
    FunctionCode c = decode(code, l);
    ASSERT_TRUE(c.complete) << c.why;
    EXPECT_EQ(offsets(c), (std::vector<uint64_t>{6, 11}));
}

TEST(FunctionCode, IndirectTailJumpsAreReturns) {
    // The PLT resolver's end: call _dl_fixup; mov %rax,%r11; add $0x18,%rsp; jmp *%r11
    const std::vector<uint8_t> resolver = {0xe8, 0x00, 0x01, 0x00, 0x00, 0x49, 0x89, 0xc3,
                                           0x48, 0x83, 0xc4, 0x18, 0x41, 0xff, 0xe3};
    FunctionCode c = decode(resolver);
    ASSERT_TRUE(c.complete) << c.why;
    EXPECT_FALSE(c.has_ret);
    EXPECT_EQ(offsets(c), (std::vector<uint64_t>{12}));
    EXPECT_EQ(kinds(c), (std::vector<ReturnKind>{ReturnKind::IndirectJump}));
    // Through a function pointer loaded from a struct: mov 0x10(%rdi),%rax; jmp *%rax
    FunctionCode p = decode({0x48, 0x8b, 0x47, 0x10, 0xff, 0xe0});
    EXPECT_EQ(offsets(p), (std::vector<uint64_t>{4}));
    // Through the GOT: jmp *0x1234(%rip)
    FunctionCode g = decode({0xff, 0x25, 0x34, 0x12, 0x00, 0x00});
    EXPECT_EQ(offsets(g), (std::vector<uint64_t>{0}));
}

TEST(FunctionCode, SwitchDispatchesAreNotReturns) {
    // PIC jump table as GCC emits it: cmp $5,%edi; ja +N; lea T(%rip),%rdx; movslq (%rdx,%rdi,4),%rax;
    // add %rdx,%rax; jmp *%rax; ret
    const std::vector<uint8_t> pic = {0x83, 0xff, 0x05, 0x77, 0x10, 0x48, 0x8d, 0x15, 0x00, 0x01, 0x00, 0x00,
                                      0x48, 0x63, 0x04, 0xba, 0x48, 0x01, 0xd0, 0xff, 0xe0, 0xc3};
    FunctionCode c = decode(pic);
    ASSERT_TRUE(c.complete) << c.why;
    EXPECT_EQ(offsets(c), (std::vector<uint64_t>{21}));
    // Absolute table: jmp *0x400000(,%rdi,8); ret
    FunctionCode a = decode({0xff, 0x24, 0xfd, 0x00, 0x00, 0x40, 0x00, 0xc3});
    EXPECT_EQ(offsets(a), (std::vector<uint64_t>{7}));
    // CET marks switch dispatches: notrack jmp *%rax; ret
    FunctionCode n = decode({0x3e, 0xff, 0xe0, 0xc3});
    EXPECT_EQ(offsets(n), (std::vector<uint64_t>{3}));
    // Blocks of code inside the function indexed by a size (hand-written memcpy):
    // lea 0x7(%rip),%r9; shl $6,%ecx; add %r9,%rcx; jmp *%rcx; ret; (the blocks)
    FunctionCode m = decode({0x4c, 0x8d, 0x0d, 0x07, 0x00, 0x00, 0x00, 0xc1, 0xe1, 0x06, 0x4c, 0x01, 0xc9,
                             0xff, 0xe1, 0xc3, 0x90, 0xc3});
    ASSERT_TRUE(m.complete) << m.why;
    EXPECT_EQ(offsets(m), (std::vector<uint64_t>{15, 17}));
}

TEST(FunctionCode, FunctionsThatNeverReturnHaveNoSites) {
    // _start's end: call *__libc_start_main@GOT(%rip); hlt
    FunctionCode s = decode({0xff, 0x15, 0x00, 0x10, 0x00, 0x00, 0xf4});
    ASSERT_TRUE(s.complete);
    EXPECT_TRUE(s.returns.empty());
    EXPECT_EQ(s.last, "hlt");
    // __restore_rt: mov $0xf,%rax; syscall
    FunctionCode r = decode({0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05});
    EXPECT_TRUE(r.returns.empty());
    EXPECT_EQ(r.last, "syscall");
}

TEST(FunctionCode, FiveByteNops) {
    // mov %rdi,-8(%rsp); nopl 0x0(%rax,%rax,1); nopw 0x0(%rax,%rax,1) (6 bytes); ret
    FunctionCode c = decode({0x48, 0x89, 0x7c, 0x24, 0xf8, 0x0f, 0x1f, 0x44, 0x00, 0x00,
                             0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00, 0xc3});
    ASSERT_TRUE(c.complete);
    EXPECT_EQ(c.nop5, (std::vector<uint64_t>{5}));
    EXPECT_TRUE(c.is_nop5(5));
    EXPECT_FALSE(c.is_nop5(10));
    const uint8_t nop5[] = {0x0f, 0x1f, 0x44, 0x00, 0x00};
    const uint8_t nop1[] = {0x90, 0x90, 0x90, 0x90, 0x90};
    EXPECT_TRUE(starts_with_nop5(nop5));
    EXPECT_FALSE(starts_with_nop5(nop1));
    // Linux 6.18 rewrites these 5-byte encodings too (measured).
    const uint8_t nopw[] = {0x66, 0x0f, 0x1f, 0x40, 0x00};
    const uint8_t xchg[] = {0x66, 0x66, 0x66, 0x66, 0x90};
    EXPECT_TRUE(starts_with_nop5(nopw));
    EXPECT_TRUE(starts_with_nop5(xchg));
}

TEST(FunctionCode, UntrustworthyDecodesAreIncomplete) {
    // Truncated: ret, then the first byte of a two-byte opcode.
    FunctionCode t = decode({0xc3, 0x0f});
    EXPECT_FALSE(t.complete);
    EXPECT_EQ(t.stopped_at, 1u);
    EXPECT_EQ(t.why, "cannot decode the instruction at offset 0x1");
    // A branch into the middle of an instruction (data decoded as code, or overlapping code):
    // jmp +1 lands inside `mov $0xc3c3c3c3,%eax`.
    FunctionCode b = decode({0xeb, 0x01, 0xb8, 0xc3, 0xc3, 0xc3, 0xc3, 0xc3});
    EXPECT_FALSE(b.complete);
    EXPECT_EQ(b.why, "the branch at offset 0x0 lands inside an instruction, at 0x3");
    // Jumping past a LOCK prefix is fine: jne +1; lock cmpxchg %ecx,(%rdx); ret
    FunctionCode l = decode({0x75, 0x01, 0xf0, 0x0f, 0xb1, 0x0a, 0xc3});
    EXPECT_TRUE(l.complete) << l.why;
    // Another symbol starting inside an instruction.
    std::vector<uint8_t> code = {0xb8, 0x01, 0x00, 0x00, 0x00, 0xc3};
    FunctionCode a = decode(code, FunctionLayout{0x1000, code.size(), {}, {0x1002}});
    EXPECT_FALSE(a.complete);
    FunctionCode ok = decode(code, FunctionLayout{0x1000, code.size(), {}, {0x1005}});
    EXPECT_TRUE(ok.complete) << ok.why;
    // No bytes at all.
    EXPECT_FALSE(decode_function({}, FunctionLayout{}).complete);
}

TEST(UretprobeSafety, NeedsARealRet) {
    FunctionCode resolver = decode({0x48, 0x83, 0xc4, 0x18, 0x41, 0xff, 0xe3});
    std::vector<std::string> names = {"_dl_runtime_resolve_xsavec"};
    EXPECT_FALSE(uretprobe_safety(names, resolver, false).safe);
    FunctionCode plain = decode({0x89, 0xf8, 0xc3});
    std::vector<std::string> ordinary = {"lt_add", "lt_add_alias"};
    EXPECT_TRUE(uretprobe_safety(ordinary, plain, false).safe);
}

TEST(UretprobeSafety, CallFrameInformationAtTheEntry) {
    FunctionCode plain = decode({0x89, 0xf8, 0xc3});
    std::vector<std::string> names = {"lt_add"};
    plain.entry_return_address = false;
    EXPECT_FALSE(uretprobe_safety(names, plain, false).safe);
    plain.entry_return_address = true;
    EXPECT_TRUE(uretprobe_safety(names, plain, false).safe);
}

TEST(UretprobeSafety, KnownEntryPointsAndStackSwitchers) {
    FunctionCode plain = decode({0x89, 0xf8, 0xc3});
    for (const char* n : {"_start", "_dl_start_user", "_dl_runtime_resolve_xsave", "_dl_runtime_profile_avx",
                          "__restore_rt", "__start_context", "_setjmp", "__sigsetjmp", "setjmp@@GLIBC_2.2.5",
                          "getcontext", "__getcontext", "vfork", "dlopen@@GLIBC_2.34", "__dlsym", "dlvsym",
                          "dlmopen", "backtrace", "_mcount", "longjmp", "__longjmp_chk", "siglongjmp",
                          "setcontext", "swapcontext", "_Unwind_RaiseException", "__cxa_throw", "pthread_exit",
                          "__pthread_unwind_next"}) {
        std::vector<std::string> names = {"an_alias", n};
        UretprobeSafety s = uretprobe_safety(names, plain, false);
        EXPECT_FALSE(s.safe) << n;
        EXPECT_FALSE(s.reason.empty()) << n;
    }
    for (const char* n : {"memcpy", "strlen", "dladdr", "_dl_fixup", "pthread_create", "fork", "malloc"}) {
        std::vector<std::string> names = {n};
        EXPECT_TRUE(uretprobe_safety(names, plain, false).safe) << n;
    }
}

TEST(UretprobeSafety, UnwindersInTheProcess) {
    // A function that calls another: an exception may pass through its frame.
    FunctionCode caller = decode({0x55, 0xe8, 0x00, 0x00, 0x00, 0x00, 0x5d, 0xc3});
    std::vector<std::string> names = {"lt_add"};
    UretprobeSafety s = uretprobe_safety(names, caller, true);
    EXPECT_FALSE(s.safe);
    EXPECT_NE(s.reason.find("unwinder"), std::string::npos);
    // A leaf (no call, only `ret`) runs no other code in its frame.
    FunctionCode leaf = decode({0x89, 0xf8, 0xc3});
    EXPECT_TRUE(uretprobe_safety(names, leaf, true).safe);
}
