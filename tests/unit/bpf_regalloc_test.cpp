// The register allocator, checked by execution: programs are built through the IR, assembled,
// and run on the reference interpreter (bpf/interp.h), which refuses reads of registers never
// written or clobbered by a call, and of stack never written. Results are compared with the
// same computation done in C++. Random programs put many more values live than there are
// registers, across helper calls and BPF-to-BPF calls, with permuted arguments, branches and
// loops.
#include <gtest/gtest.h>
#include <linux/bpf.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/disasm.h"
#include "bpf/interp.h"
#include "bpf/parallel_move.h"
#include "bpf/regalloc.h"
#include "bpf/verifier_log.h"

using namespace bdtrace::bpf;

namespace {

// The fake helper 1000+n takes n arguments and mixes them order-sensitively, so a misplaced
// argument changes the result; it refuses a call whose arguments were not all written.
uint64_t mix(const uint64_t* v, int n) {
    uint64_t h = 0xcbf29ce484222325ull + static_cast<uint64_t>(n);
    for (int k = 0; k < n; ++k) h = (h ^ v[k]) * 0x100000001b3ull + static_cast<uint64_t>(k);
    return h;
}

std::optional<uint64_t> fake_helper(int32_t id, const CallArgs& a) {
    int n = id - 1000;
    if (n < 0 || n > 5) return std::nullopt;
    for (int k = 0; k < n; ++k)
        if (!a.written[k]) return std::nullopt;
    return mix(a.v, n);
}

struct RunOutcome {
    bool ok = false;
    uint64_t r0 = 0;
    std::string error;
    Assembled code;
};

RunOutcome assemble_and_run(const Program& p) {
    RunOutcome out;
    auto code = assemble(p, out.error);
    if (!code) return out;
    out.code = *code;
    InterpOptions o;
    o.helper = fake_helper;
    Interpreter in(o);
    InterpResult r = in.run(code->insns, 0);
    out.ok = r.ok;
    out.r0 = r.r0;
    if (!r.ok) {
        DisasmOptions d;
        d.annotate = true;
        out.error = r.error + "\n" + disassemble(*code, d);
    }
    return out;
}

// ---- random programs with a C++ model of every value

uint64_t alu_model(AluOp op, uint64_t a, uint64_t b, bool is32) {
    if (is32) {
        a = static_cast<uint32_t>(a);
        b = static_cast<uint32_t>(b);
    }
    uint64_t r = 0;
    int bits = is32 ? 32 : 64;
    switch (op) {
        case AluOp::Add:
            r = a + b;
            break;
        case AluOp::Sub:
            r = a - b;
            break;
        case AluOp::Mul:
            r = a * b;
            break;
        case AluOp::Xor:
            r = a ^ b;
            break;
        case AluOp::Or:
            r = a | b;
            break;
        case AluOp::And:
            r = a & b;
            break;
        case AluOp::Div:
            r = b ? a / b : 0;
            break;
        case AluOp::Mod:
            r = b ? a % b : a;
            break;
        case AluOp::Lsh:
            r = a << (b & static_cast<uint64_t>(bits - 1));
            break;
        case AluOp::Rsh:
            r = a >> (b & static_cast<uint64_t>(bits - 1));
            break;
        case AluOp::Arsh:
            r = is32 ? static_cast<uint64_t>(static_cast<int32_t>(a) >> (b & 31))
                     : static_cast<uint64_t>(static_cast<int64_t>(a) >> (b & 63));
            break;
        default:
            break;
    }
    return is32 ? static_cast<uint32_t>(r) : r;
}

bool cond_model(Cond c, uint64_t a, uint64_t b) {
    auto sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
    switch (c) {
        case Cond::Eq:
            return a == b;
        case Cond::Ne:
            return a != b;
        case Cond::Gt:
            return a > b;
        case Cond::Ge:
            return a >= b;
        case Cond::Lt:
            return a < b;
        case Cond::Le:
            return a <= b;
        case Cond::Sgt:
            return sa > sb;
        case Cond::Sge:
            return sa >= sb;
        case Cond::Slt:
            return sa < sb;
        case Cond::Sle:
            return sa <= sb;
        case Cond::Set:
            return (a & b) != 0;
    }
    return false;
}

// The subprogram every random program may call: 5 parameters, a 5-argument helper call with
// the parameters reversed (so they must survive the call: 5 values for 4 callee-saved
// registers), then arithmetic on all of them.
uint64_t sub_model(const uint64_t p[5]) {
    uint64_t rev[5] = {p[4], p[3], p[2], p[1], p[0]};
    uint64_t t = mix(rev, 5);
    return ((p[0] * 3 + p[1] - p[2]) ^ p[3]) + p[4] + t;
}

// How the programs call "mix": the fake helper, or (to run on the kernel, which has no such
// helper) a BPF subprogram computing the same thing. Both clobber r1-r5.
using MixCall = std::function<VReg(Function&, int n, std::vector<Operand>)>;

VReg mix_by_helper(Function& f, int n, std::vector<Operand> args) {
    return f.call_helper(1000 + n, std::move(args));
}

void build_mix_function(Function& g, int n) {
    VReg h = g.vreg();
    g.mov(h, static_cast<int64_t>(0xcbf29ce484222325ull + static_cast<uint64_t>(n)));
    for (int k = 0; k < n; ++k) {
        g.alu64(AluOp::Xor, h, g.param(k));
        g.alu64(AluOp::Mul, h, static_cast<int64_t>(0x100000001b3ull));
        g.alu64(AluOp::Add, h, k);
    }
    g.ret(h);
}

void build_sub(Function& g, const MixCall& mixcall) {
    VReg p[5];
    for (int k = 0; k < 5; ++k) p[k] = g.param(k);
    VReg t = mixcall(g, 5, {p[4], p[3], p[2], p[1], p[0]});
    VReg x = g.vreg();
    g.alu64(AluOp::Mul, x, p[0], 3);
    g.alu64(AluOp::Add, x, p[1]);
    g.alu64(AluOp::Sub, x, p[2]);
    g.alu64(AluOp::Xor, x, p[3]);
    g.alu64(AluOp::Add, x, p[4]);
    g.alu64(AluOp::Add, x, t);
    g.ret(x);
}

class RandomProgram {
  public:
    // With `local_mix`, functions 2..7 compute mix of 0..5 arguments in BPF.
    RandomProgram(uint32_t seed, int nvalues, bool local_mix = false)
        : rng_(seed), f_(p_.add_function("main")) {
        if (local_mix) {
            mixcall_ = [](Function& f, int n, std::vector<Operand> args) {
                return f.call(static_cast<FunctionId>(2 + n), std::move(args));
            };
        }
        build_sub(p_.add_function("sub"), mixcall_);
        if (local_mix)
            for (int n = 0; n <= 5; ++n)
                build_mix_function(p_.add_function("mix" + std::to_string(n)), n);
        obj_ = f_.alloc_stack(64);
        for (int k = 0; k < 8; ++k) f_.store(8, obj_, 8 * k, 0);
        for (int k = 0; k < nvalues; ++k) {
            VReg v = f_.vreg();
            uint64_t c = rng_() % 1000;
            f_.mov(v, static_cast<int64_t>(c));
            vals_.push_back(v);
            model_.push_back(c);
        }
    }

    // Emits `steps` random operations and returns the expected result.
    uint64_t build(int steps) {
        for (int s = 0; s < steps; ++s) step(true);
        // Combine everything so that every value stays live to the end.
        VReg acc = f_.vreg();
        f_.mov(acc, 0);
        uint64_t m = 0;
        for (size_t k = 0; k < vals_.size(); ++k) {
            f_.alu64(AluOp::Mul, acc, 31);
            f_.alu64(AluOp::Add, acc, vals_[k]);
            m = m * 31 + model_[k];
        }
        f_.ret(acc);
        return m;
    }

    const Program& program() const { return p_; }

  private:
    size_t pick() { return rng_() % vals_.size(); }

    // One operation; `apply` is false inside a branch not taken (the code is still emitted).
    void arith(bool apply) {
        static const AluOp ops[] = {AluOp::Add, AluOp::Sub, AluOp::Mul, AluOp::Xor,
                                    AluOp::Or,  AluOp::And, AluOp::Div, AluOp::Mod};
        size_t d = pick(), a = pick(), b = pick();
        bool is32 = rng_() % 5 == 0;
        switch (rng_() % 4) {
            case 0: {  // three-address with registers
                AluOp op = ops[rng_() % 8];
                uint64_t r = alu_model(op, model_[a], model_[b], is32);
                if (is32)
                    f_.alu32(op, vals_[d], vals_[a], vals_[b]);
                else
                    f_.alu64(op, vals_[d], vals_[a], vals_[b]);
                if (apply) model_[d] = r;
                break;
            }
            case 1: {  // immediate operand
                AluOp op = ops[rng_() % 8];
                auto imm = static_cast<int64_t>(rng_() % 200) - 50;
                uint64_t r = alu_model(op, model_[d], static_cast<uint64_t>(imm), is32);
                if (is32)
                    f_.alu32(op, vals_[d], imm);
                else
                    f_.alu64(op, vals_[d], imm);
                if (apply) model_[d] = r;
                break;
            }
            case 2: {  // shifts by a constant
                static const AluOp sh[] = {AluOp::Lsh, AluOp::Rsh, AluOp::Arsh};
                AluOp op = sh[rng_() % 3];
                int amount = static_cast<int>(rng_() % (is32 ? 31 : 63)) + 1;
                uint64_t r = alu_model(op, model_[d], static_cast<uint64_t>(amount), is32);
                if (is32)
                    f_.alu32(op, vals_[d], amount);
                else
                    f_.alu64(op, vals_[d], amount);
                if (apply) model_[d] = r;
                break;
            }
            default: {  // copy, or a wide constant
                if (rng_() % 2) {
                    f_.mov(vals_[d], vals_[a]);
                    if (apply) model_[d] = model_[a];
                } else {
                    uint64_t c = rng_();
                    f_.mov(vals_[d], static_cast<int64_t>(c));
                    if (apply) model_[d] = c;
                }
            }
        }
    }

    void step(bool top_level) {
        unsigned kind = rng_() % 10;
        if (!top_level && kind >= 6) kind = 0;
        switch (kind) {
            case 0:
            case 1:
            case 2:
                arith(true);
                break;
            case 3: {  // helper call with n arguments drawn (with repeats) from the values
                int n = static_cast<int>(rng_() % 6);
                std::vector<Operand> args;
                uint64_t v[5];
                for (int k = 0; k < n; ++k) {
                    if (rng_() % 6 == 0) {
                        auto imm = static_cast<int64_t>(rng_() % 100);
                        args.push_back(imm);
                        v[k] = static_cast<uint64_t>(imm);
                    } else {
                        size_t s = pick();
                        args.push_back(vals_[s]);
                        v[k] = model_[s];
                    }
                }
                size_t d = pick();
                VReg r = mixcall_(f_, n, args);
                f_.mov(vals_[d], r);
                model_[d] = mix(v, n);
                break;
            }
            case 4: {  // BPF-to-BPF call
                std::vector<Operand> args;
                uint64_t v[5];
                for (int k = 0; k < 5; ++k) {
                    size_t s = pick();
                    args.push_back(vals_[s]);
                    v[k] = model_[s];
                }
                size_t d = pick();
                VReg r = f_.call(1, args);
                f_.alu64(AluOp::Xor, vals_[d], r);
                model_[d] ^= sub_model(v);
                break;
            }
            case 5: {  // through the stack object
                int slot = static_cast<int>(rng_() % 8);
                size_t s = pick(), d = pick();
                f_.store(8, obj_, 8 * slot, vals_[s]);
                mem_[slot] = model_[s];
                slot = static_cast<int>(rng_() % 8);
                f_.load(8, vals_[d], obj_, 8 * slot);
                model_[d] = mem_[slot];
                break;
            }
            case 6:
            case 7: {  // if (a cond b) { ... }
                static const Cond cs[] = {Cond::Eq,  Cond::Ne,  Cond::Gt,  Cond::Ge,
                                          Cond::Lt,  Cond::Le,  Cond::Sgt, Cond::Sge,
                                          Cond::Slt, Cond::Sle, Cond::Set};
                Cond c = cs[rng_() % 11];
                size_t a = pick(), b = pick();
                bool taken = cond_model(c, model_[a], model_[b]);
                Label body = f_.new_label(), done = f_.new_label();
                f_.branch(c, vals_[a], vals_[b], body);
                f_.jump(done);
                f_.bind(body);
                int n = 1 + static_cast<int>(rng_() % 3);
                for (int k = 0; k < n; ++k) arith(taken);
                f_.bind(done);
                break;
            }
            case 8: {  // a counted loop whose body changes values
                int trips = 1 + static_cast<int>(rng_() % 4);
                VReg i = f_.vreg();
                f_.mov(i, 0);
                Label top = f_.new_label();
                f_.bind(top);
                size_t d = pick(), a = pick();
                AluOp op = rng_() % 2 ? AluOp::Add : AluOp::Xor;
                f_.alu64(op, vals_[d], vals_[a]);
                f_.alu64(AluOp::Add, vals_[d], 1);
                f_.alu64(AluOp::Add, i, 1);
                f_.branch(Cond::Lt, i, trips, top);
                for (int t = 0; t < trips; ++t)
                    model_[d] = alu_model(op, model_[d], model_[a], false) + 1;
                break;
            }
            default:
                arith(true);
                break;
        }
    }

    MixCall mixcall_ = mix_by_helper;
    std::mt19937 rng_;
    Program p_;
    Function& f_;
    StackSlot obj_;
    std::vector<VReg> vals_;
    std::vector<uint64_t> model_;
    uint64_t mem_[8] = {};
};

}  // namespace

TEST(BpfRegalloc, RandomProgramsUnderPressure) {
    int spilled_programs = 0, programs = 0;
    for (uint32_t seed = 1; seed <= 300; ++seed) {
        int nvalues = 3 + static_cast<int>(seed % 18);  // up to 20 values live throughout
        RandomProgram rp(seed, nvalues);
        uint64_t expected = rp.build(10 + static_cast<int>(seed % 40));
        RunOutcome out = assemble_and_run(rp.program());
        ASSERT_TRUE(out.ok) << "seed " << seed << ": " << out.error;
        ASSERT_EQ(out.r0, expected) << "seed " << seed;
        for (const FunctionInfo& f : out.code.functions) EXPECT_LE(f.stack_size, 512u);
        EXPECT_LE(out.code.stack_depth, 512u);
        ++programs;
        if (out.code.functions[0].spill_slots > 0) ++spilled_programs;
    }
    // The test is only meaningful if many programs actually spilled.
    EXPECT_GT(spilled_programs, programs / 3);
}

TEST(BpfRegalloc, ValuesAcrossCallsLiveInCalleeSavedRegisters) {
    Program p;
    Function& f = p.add_function("main");
    VReg a = f.vreg(), b = f.vreg();
    f.mov(a, 40);
    f.mov(b, 2);
    VReg r = f.call_helper(1000, {});
    VReg r2 = f.call_helper(1000, {});
    f.alu64(AluOp::Add, a, b);
    f.alu64(AluOp::Add, r, r2);
    f.alu64(AluOp::Sub, a, r);
    f.alu64(AluOp::Add, a, r);
    f.ret(a);
    Allocation al;
    std::string err;
    ASSERT_TRUE(allocate(f, al, err)) << err;
    EXPECT_EQ(al.loc[a.id].kind, Loc::Reg);
    EXPECT_GE(al.loc[a.id].reg, 6);
    EXPECT_GE(al.loc[b.id].reg, 6);
    EXPECT_GE(al.loc[r.id].reg, 6);  // r lives across the second call
    EXPECT_EQ(al.spilled_values, 0u);
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, 42u);
}

TEST(BpfRegalloc, FiveValuesAcrossACallSpillOne) {
    Program p;
    Function& f = p.add_function("main");
    VReg v[5];
    uint64_t want = 0;
    for (int k = 0; k < 5; ++k) {
        v[k] = f.vreg();
        f.mov(v[k], 10 * (k + 1));
        want += 10 * (k + 1);
    }
    VReg r = f.call_helper(1000, {});
    uint64_t none[1] = {};
    want += mix(none, 0);
    for (int k = 0; k < 5; ++k) f.alu64(AluOp::Add, r, v[k]);
    f.ret(r);
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, want);
    EXPECT_EQ(out.code.functions[0].spill_slots, 1u);
    EXPECT_EQ(out.code.functions[0].stack_size, 8u);
}

TEST(BpfRegalloc, PermutedArgumentsOfFiveArgumentCalls) {
    // Parameters arrive in r1-r5 and go straight out again in another order: every permutation
    // of a 5-cycle, swaps and duplicates must come out right without a scratch register being
    // reserved.
    const int perms[][5] = {{1, 0, 3, 4, 2}, {4, 0, 1, 2, 3}, {4, 3, 2, 1, 0},
                            {0, 0, 1, 1, 2}, {2, 2, 2, 2, 2}, {0, 1, 2, 3, 4}};
    for (const auto& perm : perms) {
        Program p;
        Function& main = p.add_function("main");
        Function& g = p.add_function("shuffle");
        VReg r = main.call(1, {11, 22, 33, 44, 55});
        main.ret(r);
        std::vector<Operand> args;
        uint64_t in[5] = {11, 22, 33, 44, 55}, v[5];
        for (int k = 0; k < 5; ++k) {
            args.push_back(g.param(perm[k]));
            v[k] = in[perm[k]];
        }
        VReg t = g.call_helper(1005, args);
        g.ret(t);
        RunOutcome out = assemble_and_run(p);
        ASSERT_TRUE(out.ok) << out.error;
        EXPECT_EQ(out.r0, mix(v, 5));
        EXPECT_EQ(out.code.functions[1].stack_size, 0u);
    }
}

TEST(BpfRegalloc, ParallelMoveCycles) {
    // A 3-cycle and a swap at once, with the callee-saved registers off limits.
    std::vector<Move> m = {
        {MoveLoc::in_reg(1), MoveLoc::in_reg(2)}, {MoveLoc::in_reg(2), MoveLoc::in_reg(3)},
        {MoveLoc::in_reg(3), MoveLoc::in_reg(1)}, {MoveLoc::in_reg(4), MoveLoc::in_reg(5)},
        {MoveLoc::in_reg(5), MoveLoc::in_reg(4)},
    };
    std::vector<Insn> seq;
    ASSERT_TRUE(sequence_moves(m, kCalleeSavedRegs, seq));
    uint64_t regs[11] = {};
    for (int r = 0; r <= 10; ++r) regs[r] = 100 + static_cast<uint64_t>(r);
    for (const Insn& i : seq) {
        ASSERT_EQ(i.code, kClassAlu64 | kAluMov | kSrcX);
        ASSERT_LT(i.dst, 6);  // only r0-r5 touched
        regs[i.dst] = regs[i.src];
    }
    EXPECT_EQ(regs[1], 102u);
    EXPECT_EQ(regs[2], 103u);
    EXPECT_EQ(regs[3], 101u);
    EXPECT_EQ(regs[4], 105u);
    EXPECT_EQ(regs[5], 104u);
    EXPECT_LE(seq.size(), 7u);  // 5 moves + one scratch copy per cycle
}

TEST(BpfRegalloc, SpillSlotsAreShared) {
    // Two phases, each with more values live across a call than r6-r9 hold; the spill slots of
    // the first phase are free again in the second.
    Program p;
    Function& f = p.add_function("main");
    VReg total = f.vreg();
    f.mov(total, 0);
    uint64_t want = 0;
    for (int phase = 0; phase < 2; ++phase) {
        std::vector<VReg> v;
        for (int k = 0; k < 8; ++k) {
            v.push_back(f.vreg());
            f.mov(v.back(), phase * 100 + k);
            want += static_cast<uint64_t>(phase * 100 + k);
        }
        f.call_helper(1000, {});
        for (VReg x : v) f.alu64(AluOp::Add, total, x);
    }
    f.ret(total);
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, want);
    Allocation al;
    std::string err;
    ASSERT_TRUE(allocate(f, al, err));
    EXPECT_GE(al.spilled_values, 8u);  // 9 values over each call, 4 registers
    EXPECT_LT(al.spill_slots, al.spilled_values);
}

TEST(BpfRegalloc, SpilledPointersAndStackObjectsSurvive) {
    // A pointer into the stack, kept across enough calls to be spilled, still points at the
    // object; spill slots and objects never overlap.
    Program p;
    Function& f = p.add_function("main");
    StackSlot obj = f.alloc_stack(16);
    VReg ptr = f.vreg();
    f.store(8, obj, 0, 5);
    f.store(8, obj, 8, 6);
    f.addr_of(ptr, obj, 8);
    std::vector<VReg> keep;
    for (int k = 0; k < 6; ++k) {
        keep.push_back(f.vreg());
        f.mov(keep.back(), k);
    }
    f.call_helper(1000, {});
    VReg x = f.vreg();
    f.load(8, x, ptr, 0);
    for (VReg k : keep) f.alu64(AluOp::Add, x, k);
    f.call_helper(1000, {});
    f.store(8, ptr, -8, x);
    VReg y = f.vreg();
    f.load(8, y, obj, 0);
    f.ret(y);
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, 6u + 0 + 1 + 2 + 3 + 4 + 5);
    EXPECT_GT(out.code.functions[0].spill_slots, 0u);
}

TEST(BpfRegalloc, LoopCarriedValuesAcrossBackEdges) {
    // sum and i are defined before the loop and used after it; the loop calls a helper, so
    // both must be callee-saved or spilled, and the back edge must keep them live.
    Program p;
    Function& f = p.add_function("main");
    VReg sum = f.vreg(), i = f.vreg(), last = f.vreg();
    f.mov(sum, 0);
    f.mov(i, 0);
    f.mov(last, 0);
    Label top = f.new_label();
    f.bind(top);
    VReg r = f.call_helper(1001, {i});
    f.mov(last, r);
    f.alu64(AluOp::Add, sum, i);
    f.alu64(AluOp::Add, i, 1);
    f.branch(Cond::Lt, i, 5, top);
    f.alu64(AluOp::Xor, sum, last);
    f.ret(sum);
    uint64_t four[1] = {4};
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, (0u + 1 + 2 + 3 + 4) ^ mix(four, 1));
}

TEST(BpfRegalloc, ValueUsedOnlyAtLoopTopStaysLiveAroundTheBackEdge) {
    // Each base[k] is last used, in linear order, near the top of the loop, but the next
    // iteration reads it again: its register must not go to the values defined later in the body.
    Program p;
    Function& f = p.add_function("main");
    std::vector<VReg> base;
    for (int k = 0; k < 4; ++k) {
        base.push_back(f.vreg());
        f.mov(base.back(), k + 1);
    }
    VReg i = f.vreg(), acc = f.vreg();
    f.mov(i, 0);
    f.mov(acc, 0);
    Label top = f.new_label();
    f.bind(top);
    for (VReg b : base) f.alu64(AluOp::Add, acc, b);  // 1+2+3+4 = 10 per iteration
    std::vector<VReg> fresh;
    for (int k = 0; k < 4; ++k) {
        fresh.push_back(f.vreg());
        f.mov(fresh.back(), 100);
    }
    for (VReg x : fresh) f.alu64(AluOp::Add, acc, x);  // 400 per iteration
    f.alu64(AluOp::Add, i, 1);
    f.branch(Cond::Lt, i, 3, top);
    f.ret(acc);
    RunOutcome out = assemble_and_run(p);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.r0, 3u * 410);
}

namespace {

// Loads `code` as a socket filter and runs it once; returns the low 32 bits of r0, or an error.
std::optional<uint32_t> kernel_run(const Assembled& code, std::string& error) {
    std::vector<char> log(1 << 20);
    union bpf_attr attr;
    std::memset(&attr, 0, sizeof attr);
    attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
    attr.insns = reinterpret_cast<uint64_t>(code.insns.data());
    attr.insn_cnt = static_cast<uint32_t>(code.insns.size());
    attr.license = reinterpret_cast<uint64_t>("GPL");
    attr.log_buf = reinterpret_cast<uint64_t>(log.data());
    attr.log_size = static_cast<uint32_t>(log.size());
    attr.log_level = 1;
    int fd = static_cast<int>(syscall(__NR_bpf, BPF_PROG_LOAD, &attr, sizeof attr));
    if (fd < 0) {
        error = std::string("BPF_PROG_LOAD: ") + std::strerror(errno) + "\n" +
                describe(explain_verifier_log(code, log.data())) + "\n" + log.data();
        return std::nullopt;
    }
    unsigned char packet[64] = {};
    std::memset(&attr, 0, sizeof attr);
    attr.test.prog_fd = static_cast<uint32_t>(fd);
    attr.test.data_in = reinterpret_cast<uint64_t>(packet);
    attr.test.data_size_in = sizeof packet;
    attr.test.repeat = 1;
    long rc = syscall(__NR_bpf, BPF_PROG_TEST_RUN, &attr, sizeof attr);
    int run_errno = errno;
    close(fd);
    if (rc != 0) {
        error = std::string("BPF_PROG_TEST_RUN: ") + std::strerror(run_errno);
        return std::nullopt;
    }
    return attr.test.retval;
}

}  // namespace

TEST(BpfRegalloc, RandomProgramsPassTheKernelVerifier) {
    // The same random programs, with "mix" as BPF subprograms, through the real verifier and
    // executed by the kernel: the verifier's register and stack rules are the final word.
    if (geteuid() != 0) GTEST_SKIP() << "loading BPF programs needs root";
    int spilled = 0;
    for (uint32_t seed = 1; seed <= 120; ++seed) {
        int nvalues = 3 + static_cast<int>(seed % 18);
        RandomProgram rp(seed, nvalues, true);
        uint64_t expected = rp.build(10 + static_cast<int>(seed % 40));
        RunOutcome out = assemble_and_run(rp.program());
        ASSERT_TRUE(out.ok) << "seed " << seed << ": " << out.error;
        ASSERT_EQ(out.r0, expected) << "seed " << seed;
        std::string error;
        auto r0 = kernel_run(out.code, error);
        DisasmOptions d;
        d.annotate = true;
        ASSERT_TRUE(r0) << "seed " << seed << ": " << error << "\n" << disassemble(out.code, d);
        EXPECT_EQ(*r0, static_cast<uint32_t>(expected)) << "seed " << seed;
        if (out.code.functions[0].spill_slots > 0) ++spilled;
    }
    EXPECT_GT(spilled, 30);
}
