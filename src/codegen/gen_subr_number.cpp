// lltostr(value[, base]) and strtoll(s[, base]): numbers to strings and back, in any base from
// 2 to 36 (another base is an illegal operation, as in DTrace). lltostr writes negative numbers
// with a '-' in base 10 only, prefixes "0" in base 8 and "0x" in base 16; strtoll skips blanks,
// takes a sign and, in base 16, a "0x" followed by a hex digit.
#include "bpf/helpers.h"
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// The base argument, an int as DTrace reads it; outside [2, 36] the clause faults.
VReg base_of(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    VReg base = f.vreg();
    if (n.args.size() < 2) {
        f.mov(base, static_cast<int64_t>(10));
        return base;
    }
    f.mov(base, cg.value(*n.args[1]));
    f.alu64(AluOp::Lsh, base, 32);
    f.alu64(AluOp::Arsh, base, 32);
    bpf::Label bad = f.new_label(), ok = f.new_label();
    f.branch(Cond::Sle, base, 1, bad);
    f.branch(Cond::Sle, base, 36, ok);
    f.bind(bad);
    cg.fault(abi::kFaultIllop, VReg{});
    f.bind(ok);
    return base;
}

VReg lower_lltostr(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    VReg value = cg.value(*n.args[0]);
    VReg base = base_of(cg, n);
    VReg d = cg.string_temp();
    Ctx area(cg);  // the digits are written in the context area: 64 at most, 3 of prefix
    bpf::StackSlot buf = *cg.string_loop_area;
    constexpr int kEnd = 67;
    static_assert(kEnd + 1 <= kCtxFields * 8, "the digits fit in the context area");

    VReg rest = f.vreg();
    f.mov(rest, value);
    {
        bpf::Label positive = f.new_label();
        f.branch(Cond::Ne, base, 10, positive);
        f.branch(Cond::Sge, rest, 0, positive);
        f.neg(rest);
        f.bind(positive);
    }
    // One digit per step, from the last, unrolled: each step writes at a fixed place.
    f.store(1, buf, kEnd, 0);
    VReg pos = f.vreg();
    f.mov(pos, static_cast<int64_t>(kEnd));
    bpf::Label digits_done = f.new_label();
    for (int k = 1; k <= 64; ++k) {
        f.branch(Cond::Eq, rest, 0, digits_done);
        VReg digit = f.vreg();
        f.mov(digit, rest);
        f.alu64(AluOp::Mod, digit, base);
        f.alu64(AluOp::Div, rest, base);
        bpf::Label decimal = f.new_label();
        f.branch(Cond::Le, digit, 9, decimal);
        f.alu64(AluOp::Add, digit, 'a' - '0' - 10);
        f.bind(decimal);
        f.alu64(AluOp::Add, digit, '0');
        f.store(1, buf, kEnd - k, digit);
        f.mov(pos, static_cast<int64_t>(kEnd - k));
    }
    f.bind(digits_done);

    auto prepend = [&](int64_t ch) {
        f.alu64(AluOp::Sub, pos, 1);
        VReg p = f.vreg();
        f.addr_of(p, buf);
        f.alu64(AluOp::Add, p, pos);
        f.store(1, p, 0, ch);
    };
    {
        bpf::Label no = f.new_label();
        f.branch(Cond::Ne, value, 0, no);
        f.branch(Cond::Ne, base, 16, no);
        prepend('0');  // 0 in base 16 is "0x0"
        f.bind(no);
    }
    {
        bpf::Label no = f.new_label();
        f.branch(Cond::Ne, base, 16, no);
        prepend('x');
        f.bind(no);
    }
    {
        bpf::Label yes = f.new_label(), no = f.new_label();
        f.branch(Cond::Eq, value, 0, yes);
        f.branch(Cond::Eq, base, 8, yes);
        f.branch(Cond::Ne, base, 16, no);
        f.bind(yes);
        prepend('0');
        f.bind(no);
    }
    {
        bpf::Label no = f.new_label();
        f.branch(Cond::Sge, value, 0, no);
        f.branch(Cond::Ne, base, 10, no);
        prepend('-');
        f.bind(no);
    }
    VReg src = f.vreg(), all = f.vreg();
    f.addr_of(src, buf);
    f.alu64(AluOp::Add, src, pos);
    f.mov(all, static_cast<int64_t>(cg.g.strsize - 1));
    copy_prefix(cg, d, src, all);  // a long number is cut at strsize
    return d;
}

constexpr int kBlanks = 0, kSign = 1, kPrefix = 2, kDigits = 3, kSkipX = 4;  // phases
enum Field { kS, kBase, kPhase, kNegative, kValue };

// One character per round, each phase taking over from the one before on the same character
// when it has nothing to do with it.
void strtoll_body(Body& b, int64_t size) {
    bpf::Function& f = b.f;
    VReg s = b.field(kS), ch = b.byte(s, b.index), phase = b.field(kPhase), base = b.field(kBase);
    bpf::Label sign = f.new_label(), prefix = f.new_label(), digits = f.new_label(), skip_x = f.new_label();
    f.branch(Cond::Eq, phase, kSkipX, skip_x);
    f.branch(Cond::Eq, phase, kDigits, digits);
    f.branch(Cond::Eq, phase, kPrefix, prefix);
    f.branch(Cond::Eq, phase, kSign, sign);
    {
        bpf::Label blank = f.new_label();
        f.branch(Cond::Eq, ch, ' ', blank);
        f.branch(Cond::Eq, ch, '\t', blank);
        f.jump(sign);
        f.bind(blank);
        b.next();
    }
    f.bind(sign);
    {
        bpf::Label minus = f.new_label(), plus = f.new_label();
        f.branch(Cond::Eq, ch, '-', minus);
        f.branch(Cond::Eq, ch, '+', plus);
        f.jump(prefix);
        f.bind(minus);
        b.set(kNegative, 1);
        f.bind(plus);
        b.set(kPhase, kPrefix);
        b.next();
    }
    f.bind(prefix);
    {
        // "0x" or "0X" and a hex digit, in base 16 only.
        b.set(kPhase, kDigits);
        f.branch(Cond::Ne, base, 16, digits);
        f.branch(Cond::Ne, ch, '0', digits);
        VReg at = f.vreg();
        f.mov(at, b.index);
        f.alu64(AluOp::Add, at, 1);
        VReg x = b.byte(s, at);
        bpf::Label is_x = f.new_label();
        f.branch(Cond::Eq, x, 'x', is_x);
        f.branch(Cond::Ne, x, 'X', digits);
        f.bind(is_x);
        f.alu64(AluOp::Add, at, 1);
        VReg h = b.byte(s, at);
        bpf::Label hex = f.new_label(), not_digit = f.new_label(), not_lower = f.new_label();
        f.branch(Cond::Lt, h, '0', not_digit);
        f.branch(Cond::Le, h, '9', hex);
        f.bind(not_digit);
        f.branch(Cond::Lt, h, 'a', not_lower);
        f.branch(Cond::Le, h, 'f', hex);
        f.bind(not_lower);
        f.branch(Cond::Lt, h, 'A', digits);
        f.branch(Cond::Gt, h, 'F', digits);
        f.bind(hex);
        b.set(kPhase, kSkipX);
        b.next();
    }
    f.bind(skip_x);
    b.set(kPhase, kDigits);
    b.next();

    f.bind(digits);
    {
        // Within strsize characters of the start, while the characters are digits of the base.
        f.branch(Cond::Ge, b.index, size, b.stop);
        VReg digit = f.vreg();
        f.mov(digit, ch);
        bpf::Label letter = f.new_label(), lower = f.new_label(), got = f.new_label();
        f.branch(Cond::Lt, ch, '0', b.stop);
        f.branch(Cond::Gt, ch, '9', letter);
        f.alu64(AluOp::Sub, digit, '0');
        f.jump(got);
        f.bind(letter);
        f.branch(Cond::Ge, ch, 'a', lower);
        f.branch(Cond::Lt, ch, 'A', b.stop);
        f.branch(Cond::Gt, ch, 'Z', b.stop);
        f.alu64(AluOp::Sub, digit, 'A' - 10);
        f.jump(got);
        f.bind(lower);
        f.branch(Cond::Gt, ch, 'z', b.stop);
        f.alu64(AluOp::Sub, digit, 'a' - 10);
        f.bind(got);
        f.branch(Cond::Ge, digit, base, b.stop);
        VReg v = b.field(kValue);
        f.alu64(AluOp::Mul, v, base);
        f.alu64(AluOp::Add, v, digit);
        b.set(kValue, v);
        b.next();
    }
}

VReg lower_strtoll(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    VReg s = cg.string_operand(*n.args[0]);
    VReg base = base_of(cg, n);
    const int64_t size = cg.g.strsize - 1;
    Ctx c(cg);
    c.ptr(kS, s);
    c.num(kBase, base);
    c.num(kPhase, kBlanks);
    c.num(kNegative, 0);
    c.num(kValue, 0);
    c.run(callback(cg, "strtoll", [&](Body& b) { strtoll_body(b, size); }), static_cast<int64_t>(cg.g.strsize));
    VReg v = c.get(kValue), negative = c.get(kNegative);
    bpf::Label positive = f.new_label();
    f.branch(Cond::Eq, negative, 0, positive);
    f.neg(v);
    f.bind(positive);
    return v;
}

}  // namespace

VReg lower_number(ClauseGen& cg, const sema::Node& n) {
    return n.subr == sema::Subr::Lltostr ? lower_lltostr(cg, n) : lower_strtoll(cg, n);
}

}  // namespace bdtrace::codegen::strsubr
