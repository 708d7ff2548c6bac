// The reference interpreter must compute what the kernel computes and refuse what the verifier
// refuses; the register allocator tests lean on both.
#include <gtest/gtest.h>

#include <vector>

#include "bpf/insn.h"
#include "bpf/interp.h"

using namespace bdtrace::bpf;

namespace {

InterpResult run(std::vector<Insn> code, uint64_t ctx = 0) {
    InterpOptions o;
    o.helper = [](int32_t id, const CallArgs& a) -> std::optional<uint64_t> {
        if (id == 1000) return a.v[0] * 2;
        return std::nullopt;
    };
    Interpreter in(o);
    return in.run(code, ctx);
}

}  // namespace

TEST(BpfInterp, Arithmetic) {
    auto r =
        run({mov64_imm(0, 7), alu64_imm(kAluMul, 0, 6), alu64_imm(kAluSub, 0, 2), exit_insn()});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.r0, 40u);
    // 32-bit results are zero-extended; mov32 of a negative immediate gives 0x00000000ffffffff.
    r = run({mov32_imm(0, -1), exit_insn()});
    EXPECT_EQ(r.r0, 0xffffffffull);
    r = run({mov64_imm(0, -1), alu32_imm(kAluAdd, 0, 1), exit_insn()});
    EXPECT_EQ(r.r0, 0u);
    // Division by zero gives 0, modulo by zero leaves dst.
    r = run({mov64_imm(0, 9), mov64_imm(1, 0), alu64_reg(kAluDiv, 0, 1), exit_insn()});
    EXPECT_EQ(r.r0, 0u);
    r = run({mov64_imm(0, 9), mov64_imm(1, 0), alu64_reg(kAluMod, 0, 1), exit_insn()});
    EXPECT_EQ(r.r0, 9u);
    r = run({mov64_imm(0, -9), alu64_imm(kAluDiv, 0, 2, 1), exit_insn()});  // sdiv
    EXPECT_EQ(static_cast<int64_t>(r.r0), -4);
    r = run({mov64_imm(0, -16), alu64_imm(kAluArsh, 0, 2), exit_insn()});
    EXPECT_EQ(static_cast<int64_t>(r.r0), -4);
    r = run({mov64_imm(0, 0x1234), endian(0, 16, true), exit_insn()});
    EXPECT_EQ(r.r0, 0x3412u);
    r = run({mov64_imm(1, 0x80), movsx64(0, 1, 8), exit_insn()});
    EXPECT_EQ(static_cast<int64_t>(r.r0), -128);
}

TEST(BpfInterp, StackAndBranches) {
    auto r = run({mov64_imm(1, 0), mov64_imm(0, 0),
                  alu64_imm(kAluAdd, 1, 1),  // loop: r1 += 1; r0 += r1; while r1 < 4
                  alu64_reg(kAluAdd, 0, 1), jmp_imm(kJmpJlt, 1, 4, -3), stx(kSizeDW, 10, 0, -8),
                  ldx(kSizeW, 0, 10, -8), exit_insn()});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.r0, 10u);
}

TEST(BpfInterp, RefusesWhatTheVerifierRefuses) {
    auto r = run({mov64_reg(0, 3), exit_insn()});
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("r3 is read before"), std::string::npos) << r.error;

    // r1-r5 do not survive a helper call.
    r = run({mov64_imm(1, 5), call_helper(1000), mov64_reg(0, 1), exit_insn()});
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.error.find("pc 2: r1"), std::string::npos) << r.error;

    // r6-r9 do.
    r = run({mov64_imm(6, 5), mov64_imm(1, 4), call_helper(1000), alu64_reg(kAluAdd, 0, 6),
             exit_insn()});
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.r0, 13u);

    r = run({mov64_imm(10, 0), mov64_imm(0, 0), exit_insn()});
    EXPECT_NE(r.error.find("r10"), std::string::npos) << r.error;

    r = run({ldx(kSizeDW, 0, 10, -8), exit_insn()});
    EXPECT_NE(r.error.find("never written"), std::string::npos) << r.error;

    r = run({mov64_imm(0, 0), stx(kSizeDW, 10, 0, -520), exit_insn()});
    EXPECT_NE(r.error.find("outside"), std::string::npos) << r.error;

    r = run({mov64_imm(0, 0), stx(kSizeDW, 10, 0, -12), exit_insn()});
    EXPECT_NE(r.error.find("misaligned"), std::string::npos) << r.error;

    r = run({mov64_imm(0, 0)});
    EXPECT_NE(r.error.find("past the end"), std::string::npos) << r.error;
}

TEST(BpfInterp, LocalCallsHaveTheirOwnFrameAndRegisters) {
    // main: r6 = 100; *(r10-8) = 1; r1 = 5; call sub; r0 += r6; r0 += *(r10-8); exit
    // sub:  r6 = 7 (its own r6); *(r10-8) = 2 (its own stack); r0 = r1 + r6; exit
    std::vector<Insn> code = {
        mov64_imm(6, 100),
        st(kSizeDW, 10, -8, 1),
        mov64_imm(1, 5),
        call_local(4),
        alu64_reg(kAluAdd, 0, 6),
        ldx(kSizeDW, 1, 10, -8),
        alu64_reg(kAluAdd, 0, 1),
        exit_insn(),
        mov64_imm(6, 7),
        st(kSizeDW, 10, -8, 2),
        mov64_reg(0, 1),
        alu64_reg(kAluAdd, 0, 6),
        exit_insn(),
    };
    auto r = run(code);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.r0, 5u + 7 + 100 + 1);
    EXPECT_EQ(r.max_frames, 2u);

    // The callee's r6 starts unwritten, as in the verifier.
    code = {call_local(1), exit_insn(), mov64_reg(0, 6), exit_insn()};
    r = run(code);
    EXPECT_NE(r.error.find("r6 is read before"), std::string::npos) << r.error;
}

TEST(BpfInterp, ContextMemoryAndAtomics) {
    uint64_t ctx[2] = {40, 2};
    InterpOptions o;
    Interpreter in(o);
    in.add_memory(ctx, sizeof ctx);
    std::vector<Insn> code = {ldx(kSizeDW, 0, 1, 0), ldx(kSizeDW, 2, 1, 8),
                              atomic(kSizeDW, kAtomicAdd | kAtomicFetch, 1, 2, 0),
                              alu64_reg(kAluAdd, 0, 2), exit_insn()};
    auto r = in.run(code, reinterpret_cast<uint64_t>(ctx));
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.r0, 80u);  // 40 + old value 40
    EXPECT_EQ(ctx[0], 42u);
    r = in.run({ldx(kSizeDW, 0, 1, 16), exit_insn()}, reinterpret_cast<uint64_t>(ctx));
    EXPECT_NE(r.error.find("unknown memory"), std::string::npos) << r.error;
}
