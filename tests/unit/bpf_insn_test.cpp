// BPF instruction encodings against hand-assembled bytes, and our constants and helper table
// against the installed UAPI header (which the production headers deliberately do not include).
#include <gtest/gtest.h>
#include <linux/bpf.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>

#include "bpf/helpers.h"
#include "bpf/insn.h"

using namespace bdtrace::bpf;

namespace {

std::string bytes(const Insn& i) {
    unsigned char b[8];
    std::memcpy(b, &i, 8);
    std::string out;
    char buf[4];
    for (int k = 0; k < 8; ++k) {
        std::snprintf(buf, sizeof buf, k ? " %02x" : "%02x", b[k]);
        out += buf;
    }
    return out;
}

}  // namespace

TEST(BpfInsn, LayoutMatchesKernelStruct) {
    static_assert(sizeof(Insn) == sizeof(struct bpf_insn));
    struct bpf_insn k {};
    k.code = 0x79;
    k.dst_reg = 3;
    k.src_reg = 10;
    k.off = -8;
    k.imm = 0x12345678;
    Insn ours = make_insn(0x79, 3, 10, -8, 0x12345678);
    EXPECT_EQ(std::memcmp(&k, &ours, 8), 0);
    EXPECT_EQ(offsetof(Insn, off), offsetof(struct bpf_insn, off));
    EXPECT_EQ(offsetof(Insn, imm), offsetof(struct bpf_insn, imm));
}

TEST(BpfInsn, ConstantsMatchUapi) {
    EXPECT_EQ(kClassLd, BPF_LD);
    EXPECT_EQ(kClassLdx, BPF_LDX);
    EXPECT_EQ(kClassSt, BPF_ST);
    EXPECT_EQ(kClassStx, BPF_STX);
    EXPECT_EQ(kClassAlu, BPF_ALU);
    EXPECT_EQ(kClassJmp, BPF_JMP);
    EXPECT_EQ(kClassJmp32, BPF_JMP32);
    EXPECT_EQ(kClassAlu64, BPF_ALU64);
    EXPECT_EQ(kSizeDW, BPF_DW);
    EXPECT_EQ(kSizeB, BPF_B);
    EXPECT_EQ(kModeMem, BPF_MEM);
    EXPECT_EQ(kModeAtomic, BPF_ATOMIC);
    EXPECT_EQ(kAluArsh, BPF_ARSH);
    EXPECT_EQ(kAluEnd, BPF_END);
    EXPECT_EQ(kEndToBe, BPF_TO_BE);
    EXPECT_EQ(kJmpJsle, BPF_JSLE);
    EXPECT_EQ(kJmpJlt, BPF_JLT);
    EXPECT_EQ(kJmpCall, BPF_CALL);
    EXPECT_EQ(kJmpExit, BPF_EXIT);
    EXPECT_EQ(kAtomicFetch, BPF_FETCH);
    EXPECT_EQ(kAtomicXchg, BPF_XCHG);
    EXPECT_EQ(kAtomicCmpXchg, BPF_CMPXCHG);
    EXPECT_EQ(kPseudoMapFd, BPF_PSEUDO_MAP_FD);
    EXPECT_EQ(kPseudoMapValue, BPF_PSEUDO_MAP_VALUE);
    EXPECT_EQ(kPseudoCall, BPF_PSEUDO_CALL);
    EXPECT_EQ(kPseudoKfuncCall, BPF_PSEUDO_KFUNC_CALL);
}

TEST(BpfInsn, AluEncodings) {
    EXPECT_EQ(bytes(alu64_imm(kAluAdd, 1, 5)), "07 01 00 00 05 00 00 00");
    EXPECT_EQ(bytes(alu32_reg(kAluSub, 2, 3)), "1c 32 00 00 00 00 00 00");
    EXPECT_EQ(bytes(mov64_reg(1, 6)), "bf 61 00 00 00 00 00 00");
    EXPECT_EQ(bytes(mov64_imm(0, -1)), "b7 00 00 00 ff ff ff ff");
    EXPECT_EQ(bytes(mov32_imm(3, static_cast<int32_t>(0x80000000u))), "b4 03 00 00 00 00 00 80");
    EXPECT_EQ(bytes(alu64_reg(kAluArsh, 9, 8)), "cf 89 00 00 00 00 00 00");
    EXPECT_EQ(bytes(alu64_imm(kAluLsh, 4, 32)), "67 04 00 00 20 00 00 00");
    EXPECT_EQ(bytes(neg64(4)), "87 04 00 00 00 00 00 00");
    EXPECT_EQ(bytes(neg32(4)), "84 04 00 00 00 00 00 00");
    EXPECT_EQ(bytes(alu64_reg(kAluDiv, 1, 2, 1)), "3f 21 01 00 00 00 00 00");  // sdiv
    EXPECT_EQ(bytes(alu32_imm(kAluMod, 1, 7)), "94 01 00 00 07 00 00 00");
    EXPECT_EQ(bytes(movsx64(1, 2, 8)), "bf 21 08 00 00 00 00 00");
}

TEST(BpfInsn, ByteSwapEncodings) {
    EXPECT_EQ(bytes(endian(1, 16, true)), "dc 01 00 00 10 00 00 00");
    EXPECT_EQ(bytes(endian(1, 32, false)), "d4 01 00 00 20 00 00 00");
    EXPECT_EQ(bytes(endian(2, 64, true)), "dc 02 00 00 40 00 00 00");
    EXPECT_EQ(bytes(bswap(1, 64)), "d7 01 00 00 40 00 00 00");
}

TEST(BpfInsn, MemoryEncodings) {
    EXPECT_EQ(bytes(ldx(kSizeDW, 1, 10, -8)), "79 a1 f8 ff 00 00 00 00");
    EXPECT_EQ(bytes(ldx(kSizeB, 0, 1, 3)), "71 10 03 00 00 00 00 00");
    EXPECT_EQ(bytes(ldx(kSizeH, 0, 1, 2)), "69 10 02 00 00 00 00 00");
    EXPECT_EQ(bytes(ldx(kSizeW, 0, 1, 4)), "61 10 04 00 00 00 00 00");
    EXPECT_EQ(bytes(ldx_sx(kSizeH, 2, 3, 0)), "89 32 00 00 00 00 00 00");
    EXPECT_EQ(bytes(stx(kSizeW, 10, 1, -4)), "63 1a fc ff 00 00 00 00");
    EXPECT_EQ(bytes(stx(kSizeDW, 10, 6, -16)), "7b 6a f0 ff 00 00 00 00");
    EXPECT_EQ(bytes(st(kSizeDW, 10, -16, 7)), "7a 0a f0 ff 07 00 00 00");
    EXPECT_EQ(bytes(st(kSizeB, 1, 0, -1)), "72 01 00 00 ff ff ff ff");
}

TEST(BpfInsn, AtomicEncodings) {
    EXPECT_EQ(bytes(atomic(kSizeDW, kAtomicAdd, 1, 2, 0)), "db 21 00 00 00 00 00 00");
    EXPECT_EQ(bytes(atomic(kSizeW, kAtomicAdd | kAtomicFetch, 1, 2, 8)), "c3 21 08 00 01 00 00 00");
    EXPECT_EQ(bytes(atomic(kSizeDW, kAtomicOr, 3, 4, -8)), "db 43 f8 ff 40 00 00 00");
    EXPECT_EQ(bytes(atomic(kSizeDW, kAtomicXchg, 1, 2, 0)), "db 21 00 00 e1 00 00 00");
    EXPECT_EQ(bytes(atomic(kSizeDW, kAtomicCmpXchg, 1, 2, 0)), "db 21 00 00 f1 00 00 00");
}

TEST(BpfInsn, LoadImm64Encodings) {
    auto p = ld_imm64(1, 0, 0x1122334455667788ull);
    EXPECT_EQ(bytes(p[0]), "18 01 00 00 88 77 66 55");
    EXPECT_EQ(bytes(p[1]), "00 00 00 00 44 33 22 11");
    auto m = ld_imm64(2, kPseudoMapFd, 7);
    EXPECT_EQ(bytes(m[0]), "18 12 00 00 07 00 00 00");
    EXPECT_EQ(bytes(m[1]), "00 00 00 00 00 00 00 00");
    auto v = ld_imm64(3, kPseudoMapValue, (uint64_t{24} << 32) | 5);
    EXPECT_EQ(bytes(v[0]), "18 23 00 00 05 00 00 00");
    EXPECT_EQ(bytes(v[1]), "00 00 00 00 18 00 00 00");
    EXPECT_TRUE(is_ld_imm64(v[0]));
    EXPECT_FALSE(is_ld_imm64(v[1]));
}

TEST(BpfInsn, JumpAndCallEncodings) {
    EXPECT_EQ(bytes(ja(3)), "05 00 03 00 00 00 00 00");
    EXPECT_EQ(bytes(ja(-1)), "05 00 ff ff 00 00 00 00");
    EXPECT_EQ(bytes(gotol(100000)), "06 00 00 00 a0 86 01 00");
    EXPECT_EQ(bytes(jmp_imm(kJmpJgt, 1, 5, 3)), "25 01 03 00 05 00 00 00");
    EXPECT_EQ(bytes(jmp_reg(kJmpJne, 1, 2, -2)), "5d 21 fe ff 00 00 00 00");
    EXPECT_EQ(bytes(jmp_imm(kJmpJslt, 3, -1, 1, true)), "c6 03 01 00 ff ff ff ff");
    EXPECT_EQ(bytes(jmp_reg(kJmpJset, 4, 5, 7, true)), "4e 54 07 00 00 00 00 00");
    EXPECT_EQ(bytes(call_helper(1)), "85 00 00 00 01 00 00 00");
    EXPECT_EQ(bytes(call_local(5)), "85 10 00 00 05 00 00 00");
    EXPECT_EQ(bytes(call_kfunc(1234)), "85 20 00 00 d2 04 00 00");
    EXPECT_EQ(bytes(exit_insn()), "95 00 00 00 00 00 00 00");
}

TEST(BpfHelpers, NamesMatchUapiTable) {
    int checked = 0;
    auto check = [&](int id, const std::string& name) {
        if (id == 0) return 0;  // BPF_FUNC_unspec
        EXPECT_EQ(helper_name(id).value_or("?"), name) << id;
        EXPECT_EQ(helper_id(name).value_or(-1), id) << name;
        return ++checked;
    };
    // The UAPI mapper yields a comma-separated list, meant for enum bodies.
#define BDTRACE_CHECK_HELPER(x) check(BPF_FUNC_##x, "bpf_" #x)
    int results[] = {__BPF_FUNC_MAPPER(BDTRACE_CHECK_HELPER)};
#undef BDTRACE_CHECK_HELPER
    EXPECT_GT(sizeof results, 0u);
    EXPECT_GE(checked, 209);
}

TEST(BpfHelpers, TracerHelpersAndNewerIds) {
    EXPECT_EQ(helper::map_lookup_elem, BPF_FUNC_map_lookup_elem);
    EXPECT_EQ(helper::probe_read_user_str, BPF_FUNC_probe_read_user_str);
    EXPECT_EQ(helper::ringbuf_reserve, BPF_FUNC_ringbuf_reserve);
    EXPECT_EQ(helper::get_attach_cookie, BPF_FUNC_get_attach_cookie);
    EXPECT_EQ(helper::loop, BPF_FUNC_loop);
    EXPECT_EQ(helper::task_storage_get, BPF_FUNC_task_storage_get);
    EXPECT_EQ(helper::get_func_ip, BPF_FUNC_get_func_ip);
    EXPECT_EQ(helper::snprintf, BPF_FUNC_snprintf);
    // Added in 6.2, after the installed UAPI header.
    EXPECT_EQ(helper_name(210).value_or("?"), "bpf_cgrp_storage_get");
    EXPECT_EQ(helper_name(211).value_or("?"), "bpf_cgrp_storage_delete");
    EXPECT_FALSE(helper_name(0));
    EXPECT_FALSE(helper_name(212));
    EXPECT_EQ(helper_id("bpf_ktime_get_ns").value_or(-1), 5);
    EXPECT_FALSE(helper_id("bpf_no_such_helper"));
}
