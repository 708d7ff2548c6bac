// The real verifier's verdict on allocated code: a socket filter whose values outnumber the
// registers across helper calls and a 5-argument BPF-to-BPF call (so pointers and scalars are
// spilled), loaded with bpf(BPF_PROG_LOAD) and run with BPF_PROG_TEST_RUN; the kernel's result
// must equal the reference interpreter's. Needs root; skipped otherwise.
#include <gtest/gtest.h>
#include <linux/bpf.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/disasm.h"
#include "bpf/helpers.h"
#include "bpf/interp.h"
#include "bpf/verifier_log.h"

using namespace bdtrace::bpf;

namespace {

long sys_bpf(int cmd, union bpf_attr* attr) {
    return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

constexpr int kValues = 12;
constexpr uint32_t kPacketLen = 64;
// BPF_PROG_TEST_RUN pulls the Ethernet header off a socket filter's packet: skb->len is 50.
constexpr uint32_t kSkbLen = kPacketLen - 14;

// sub(a, b, c, d, ptr): its five parameters outlive a helper call (four callee-saved registers),
// one of them a pointer into the caller's stack.
void build_sub(Function& g) {
    VReg a = g.param(0), b = g.param(1), c = g.param(2), d = g.param(3), ptr = g.param(4);
    g.set_source(10, "sub: r = rand() & 0");
    VReg r = g.call_helper(helper::get_prandom_u32, {});
    g.alu64(AluOp::And, r, 0);
    g.set_source(11, "sub: x = ((a * 3 + b - c) ^ d) + *ptr + r");
    VReg x = g.vreg(), y = g.vreg();
    g.alu64(AluOp::Mul, x, a, 3);
    g.alu64(AluOp::Add, x, b);
    g.alu64(AluOp::Sub, x, c);
    g.alu64(AluOp::Xor, x, d);
    g.load(8, y, ptr, 0);
    g.alu64(AluOp::Add, x, y);
    g.alu64(AluOp::Add, x, r);
    g.ret(x);
}

uint64_t sub_model(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t at_ptr) {
    return ((a * 3 + b - c) ^ d) + at_ptr;
}

Program build(uint64_t& expected) {
    Program p;
    Function& f = p.add_function("main");
    build_sub(p.add_function("sub"));
    VReg ctx = f.param(0);
    f.set_source(1, "values");
    std::vector<VReg> v;
    std::vector<uint64_t> m;
    for (int k = 0; k < kValues; ++k) {
        v.push_back(f.vreg());
        f.mov(v.back(), 7 * k + 1);
        m.push_back(7u * static_cast<uint64_t>(k) + 1);
    }
    f.set_source(2, "stack object");
    StackSlot obj = f.alloc_stack(16);
    f.store(8, obj, 0, 1000);
    VReg ptr = f.vreg();
    f.addr_of(ptr, obj);
    f.set_source(3, "t = rand() & 0");
    VReg t = f.call_helper(helper::get_prandom_u32, {});
    f.alu64(AluOp::And, t, 0);
    f.set_source(4, "s = sub(v0, v1, v2, v3, &obj)");
    VReg s = f.call(1, {v[0], v[1], v[2], v[3], ptr});
    f.set_source(5, "u = ktime() & 0");
    VReg u = f.call_helper(helper::ktime_get_ns, {});
    f.alu64(AluOp::And, u, 0);
    f.set_source(6, "acc = ...");
    VReg len = f.vreg(), acc = f.vreg();
    f.load(4, len, ctx, 0);  // __sk_buff.len
    f.mov(acc, 0);
    uint64_t want = 0;
    for (int k = 0; k < kValues; ++k) {
        f.alu64(AluOp::Mul, acc, 3);
        f.alu64(AluOp::Add, acc, v[k]);
        want = want * 3 + m[k];
    }
    f.alu64(AluOp::Add, acc, s);
    f.alu64(AluOp::Add, acc, t);
    f.alu64(AluOp::Add, acc, u);
    f.alu64(AluOp::Add, acc, len);
    f.ret(acc);
    expected = want + sub_model(m[0], m[1], m[2], m[3], 1000) + kSkbLen;
    return p;
}

}  // namespace

TEST(BpfKernelLoad, SpillsAndLocalCallPassTheVerifier) {
    if (geteuid() != 0) GTEST_SKIP() << "loading BPF programs needs root";

    uint64_t expected = 0;
    Program p = build(expected);
    std::string err;
    auto code = assemble(p, err);
    ASSERT_TRUE(code) << err;
    ASSERT_EQ(code->functions.size(), 2u);
    EXPECT_GT(code->functions[0].spill_slots + code->functions[1].spill_slots, 0u)
        << "the program should need spills to be a meaningful test";
    DisasmOptions annotated;
    annotated.annotate = true;
    std::string listing = disassemble(*code, annotated);

    // What the reference interpreter computes, with a packet-length context.
    uint32_t fake_skb[64] = {kSkbLen};
    InterpOptions io;
    io.helper = [](int32_t, const CallArgs&) -> std::optional<uint64_t> { return 0x5a5a5a5a; };
    Interpreter in(io);
    in.add_memory(fake_skb, sizeof fake_skb);
    InterpResult ir = in.run(code->insns, reinterpret_cast<uint64_t>(fake_skb));
    ASSERT_TRUE(ir.ok) << ir.error << "\n" << listing;
    ASSERT_EQ(ir.r0, expected);

    std::vector<char> log(1 << 20);
    union bpf_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
    attr.insns = reinterpret_cast<uint64_t>(code->insns.data());
    attr.insn_cnt = static_cast<uint32_t>(code->insns.size());
    attr.license = reinterpret_cast<uint64_t>("GPL");
    attr.log_buf = reinterpret_cast<uint64_t>(log.data());
    attr.log_size = static_cast<uint32_t>(log.size());
    attr.log_level = 1;
    int fd = static_cast<int>(sys_bpf(BPF_PROG_LOAD, &attr));
    int load_errno = errno;
    ASSERT_GE(fd, 0) << "BPF_PROG_LOAD: " << std::strerror(load_errno) << "\n"
                     << describe(explain_verifier_log(*code, log.data())) << "\n"
                     << log.data() << "\n"
                     << listing;

    unsigned char packet[kPacketLen] = {};
    std::memset(&attr, 0, sizeof attr);
    attr.test.prog_fd = static_cast<uint32_t>(fd);
    attr.test.data_in = reinterpret_cast<uint64_t>(packet);
    attr.test.data_size_in = sizeof packet;
    attr.test.repeat = 1;
    long rc = sys_bpf(BPF_PROG_TEST_RUN, &attr);
    int run_errno = errno;
    close(fd);
    ASSERT_EQ(rc, 0) << "BPF_PROG_TEST_RUN: " << std::strerror(run_errno);
    // The test run reports the low 32 bits of r0.
    EXPECT_EQ(attr.test.retval, static_cast<uint32_t>(expected)) << listing;
}
