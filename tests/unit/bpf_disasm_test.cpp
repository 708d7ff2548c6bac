// Disassembly in the verifier log's notation, the annotated -S form, and reading a verifier log
// back to the D source line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/disasm.h"
#include "bpf/helpers.h"
#include "bpf/verifier_log.h"

using namespace bdtrace::bpf;

TEST(BpfDisasm, EveryClassInKernelNotation) {
    std::vector<Insn> code = {
        mov64_reg(6, 1),
        ldx(kSizeDW, 1, 10, -8),
        jmp_imm(kJmpJgt, 1, 5, 3),
        jmp_reg(kJmpJsle, 1, 2, -2, true),
        call_helper(helper::map_lookup_elem),
        alu64_imm(kAluAdd, 1, -4),
        alu32_reg(kAluXor, 2, 3),
        alu64_reg(kAluArsh, 2, 3),
        alu64_reg(kAluDiv, 2, 3, 1),
        movsx64(4, 5, 16),
        neg64(7),
        endian(7, 16, true),
        endian(7, 32, false),
        bswap(7, 64),
        stx(kSizeW, 10, 1, -12),
        st(kSizeB, 1, 3, -1),
        ldx_sx(kSizeH, 3, 4, 2),
        atomic(kSizeDW, kAtomicAdd, 1, 2, 8),
        atomic(kSizeW, kAtomicOr | kAtomicFetch, 1, 2, 0),
        atomic(kSizeDW, kAtomicXchg, 1, 3, -8),
        atomic(kSizeDW, kAtomicCmpXchg, 1, 3, 0),
        call_local(-3),
        call_kfunc(54321),
        call_helper(9999),
        ja(-1),
        exit_insn(),
    };
    auto fd = ld_imm64(1, kPseudoMapFd, 3);
    auto val = ld_imm64(2, kPseudoMapValue, (uint64_t{16} << 32) | 4);
    auto imm = ld_imm64(3, 0, 0xdeadbeefcafeull);
    code.insert(code.end(), {fd[0], fd[1], val[0], val[1], imm[0], imm[1]});
    EXPECT_EQ(disassemble(code),
              "0: (bf) r6 = r1\n"
              "1: (79) r1 = *(u64 *)(r10 -8)\n"
              "2: (25) if r1 > 0x5 goto pc+3\n"
              "3: (de) if w1 s<= w2 goto pc-2\n"
              "4: (85) call bpf_map_lookup_elem#1\n"
              "5: (07) r1 += -4\n"
              "6: (ac) w2 ^= w3\n"
              "7: (cf) r2 s>>= r3\n"
              "8: (3f) r2 s/= r3\n"
              "9: (bf) r4 = (s16)r5\n"
              "10: (87) r7 = -r7\n"
              "11: (dc) r7 = be16 r7\n"
              "12: (d4) r7 = le32 r7\n"
              "13: (d7) r7 = bswap64 r7\n"
              "14: (63) *(u32 *)(r10 -12) = r1\n"
              "15: (72) *(u8 *)(r1 +3) = -1\n"
              "16: (89) r3 = *(s16 *)(r4 +2)\n"
              "17: (db) lock *(u64 *)(r1 +8) += r2\n"
              "18: (c3) r2 = atomic_fetch_or((u32 *)(r1 +0), r2)\n"
              "19: (db) r3 = atomic64_xchg((u64 *)(r1 -8), r3)\n"
              "20: (db) r0 = atomic64_cmpxchg((u64 *)(r1 +0), r0, r3)\n"
              "21: (85) call pc-3\n"
              "22: (85) call kernel-function#54321\n"
              "23: (85) call unknown#9999\n"
              "24: (05) goto pc-1\n"
              "25: (95) exit\n"
              "26: (18) r1 = map[id:3]\n"
              "28: (18) r2 = map[id:4][0]+16\n"
              "30: (18) r3 = 0xdeadbeefcafe\n");
}

TEST(BpfDisasm, KfuncNamesFromACallback) {
    std::vector<Insn> code = {call_kfunc(777), exit_insn()};
    DisasmOptions o;
    o.opcodes = false;
    o.kfunc_name = [](int32_t id) { return id == 777 ? std::string("bpf_session_cookie") : ""; };
    EXPECT_EQ(disassemble(code, o), "0: call bpf_session_cookie#777\n1: exit\n");
}

namespace {

Assembled annotated_program() {
    Program p;
    Function& main = p.add_function("trampoline");
    main.set_source(1, "syscall::read:entry");
    VReg ctx = main.param(0);
    main.call(1, {ctx});
    main.ret(0);
    Function& c = p.add_function("clause_1");
    c.set_source(2, "@[pid] = count();");
    VReg pid = c.call_helper(helper::get_current_pid_tgid, {});
    c.alu64(AluOp::Rsh, pid, 32);
    c.set_source(3, "trace(arg0);");
    VReg a = c.vreg();
    c.load(8, a, c.param(0), 112);
    c.alu64(AluOp::Add, a, pid);
    c.ret(a);
    std::string err;
    auto code = assemble(p, err);
    EXPECT_TRUE(code) << err;
    return code ? *code : Assembled{};
}

}  // namespace

TEST(BpfDisasm, AnnotatedListingShowsSourceLines) {
    Assembled code = annotated_program();
    DisasmOptions o;
    o.annotate = true;
    EXPECT_EQ(disassemble(code, o),
              "/* function 0: trampoline, stack 0 bytes */\n"
              "/* line 1: syscall::read:entry */\n"
              "0: (85) call pc+2\n"
              "1: (b7) r0 = 0\n"
              "2: (95) exit\n"
              "/* function 1: clause_1, stack 0 bytes */\n"
              "3: (bf) r6 = r1\n"
              "/* line 2: @[pid] = count(); */\n"
              "4: (85) call bpf_get_current_pid_tgid#14\n"
              "5: (77) r0 >>= 32\n"
              "/* line 3: trace(arg0); */\n"
              "6: (79) r1 = *(u64 *)(r6 +112)\n"
              "7: (0f) r1 += r0\n"
              "8: (bf) r0 = r1\n"
              "9: (95) exit\n");
    // The plain listing of the same code has no comments.
    EXPECT_EQ(disassemble(code).find("/*"), std::string::npos);
}

TEST(BpfVerifierLog, MapsTheFailingInstructionToItsLine) {
    Assembled code = annotated_program();
    std::string log =
        "func#0 @0\n"
        "func#1 @3\n"
        "0: R1=ctx() R10=fp0\n"
        "0: (85) call pc+2\n"
        "caller:\n"
        " R10=fp0\n"
        "callee:\n"
        " frame1: R1=ctx() R10=fp0\n"
        "3: frame1: R1=ctx() R10=fp0\n"
        "3: (bf) r6 = r1                       ; frame1: R1=ctx() R6_w=ctx()\n"
        "4: (85) call bpf_get_current_pid_tgid#14     ; frame1: R0_w=scalar()\n"
        "5: (77) r0 >>= 32                     ; frame1: R0_w=scalar(umax=0xffffffff)\n"
        "6: (79) r1 = *(u64 *)(r6 +112)\n"
        "invalid bpf_context access off=112 size=8\n"
        "processed 7 insns (limit 1000000) max_states_per_insn 0 total_states 0 peak_states 0 "
        "mark_read 0\n";
    VerifierFailure f = explain_verifier_log(code, log);
    ASSERT_TRUE(f.insn);
    EXPECT_EQ(*f.insn, 6u);
    EXPECT_EQ(f.message, "invalid bpf_context access off=112 size=8");
    ASSERT_TRUE(f.source);
    EXPECT_EQ(f.source->line, 3);
    EXPECT_EQ(describe(f),
              "line 3: trace(arg0);: invalid bpf_context access off=112 size=8 "
              "(BPF instruction 6 in clause_1)");

    VerifierFailure none = explain_verifier_log(code, "");
    EXPECT_FALSE(none.insn);
    EXPECT_EQ(describe(none), "the verifier refused the program");
}
