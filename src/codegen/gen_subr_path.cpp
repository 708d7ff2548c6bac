// basename(s), dirname(s), cleanpath(s): DTrace's path subroutines, including their answers for
// the odd cases ("" is ".", a path of slashes is "/", cleanpath keeps a trailing slash and stops
// five bytes before strsize).
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

enum NameField { kS, kLen, kPhase, kLastBase, kFirstBase, kLastDir };

// One backward scan finds the three indexes DTrace's three loops find: the last character of
// the base name (phase 0 skips trailing slashes), its first (phase 1 runs to the slash before
// it) and the last character of the directory (phase 2 skips the slashes before that).
void name_scan_body(Body& b) {
    bpf::Function& f = b.f;
    VReg i = b.field(kLen);
    f.alu64(AluOp::Sub, i, 1);
    f.alu64(AluOp::Sub, i, b.index);
    VReg ch = b.byte(b.field(kS), i);  // i < 0 is past the buffer as well: the scan is over
    VReg phase = b.field(kPhase);
    bpf::Label phase1 = f.new_label(), phase2 = f.new_label(), more = f.new_label();
    f.branch(Cond::Eq, phase, 1, phase1);
    f.branch(Cond::Eq, phase, 2, phase2);
    f.branch(Cond::Eq, ch, '/', more);
    b.set(kLastBase, i);
    b.set(kPhase, 1);
    b.next();
    f.bind(phase1);
    f.branch(Cond::Ne, ch, '/', more);
    f.alu64(AluOp::Add, i, 1);
    b.set(kFirstBase, i);
    b.set(kPhase, 2);
    b.next();
    f.bind(phase2);
    f.branch(Cond::Eq, ch, '/', more);
    b.set(kLastDir, i);
    b.end();
    f.bind(more);
    b.next();
}

VReg lower_name(ClauseGen& cg, const sema::Node& n, bool dir) {
    bpf::Function& f = cg.f;
    const int64_t size = cg.g.strsize - 1;
    VReg s = cg.string_operand(*n.args[0]);
    VReg d = cg.string_temp();
    VReg len = string_length(cg, s);
    VReg src = f.vreg(), start = f.vreg(), count = f.vreg();
    bpf::Label dot = f.new_label(), copy = f.new_label();
    f.branch(Cond::Eq, len, 0, dot);

    Ctx c(cg);
    c.ptr(kS, s);
    c.num(kLen, len);
    c.num(kPhase, 0);
    c.num(kLastBase, -1);
    c.num(kFirstBase, -1);
    c.num(kLastDir, -1);
    c.run(callback(cg, dir ? "dirname" : "basename", name_scan_body), static_cast<int64_t>(cg.g.strsize));
    VReg last_base = c.get(kLastBase), first_base = c.get(kFirstBase), last_dir = c.get(kLastDir);
    {
        bpf::Label some = f.new_label();  // not only slashes
        f.branch(Cond::Ne, last_base, -1, some);
        f.mov(last_base, static_cast<int64_t>(0));
        f.mov(first_base, static_cast<int64_t>(0));
        f.mov(last_dir, static_cast<int64_t>(0));
        f.bind(some);
    }
    f.mov(src, s);
    if (dir) {
        f.branch(Cond::Eq, first_base, -1, dot);  // no slash: "."
        bpf::Label has_dir = f.new_label();
        f.branch(Cond::Ne, last_dir, -1, has_dir);
        f.mov(last_dir, static_cast<int64_t>(0));  // "/name": the root
        f.bind(has_dir);
        f.mov(start, static_cast<int64_t>(0));
        f.mov(count, last_dir);
    } else {
        bpf::Label has_slash = f.new_label();
        f.branch(Cond::Ne, first_base, -1, has_slash);
        f.mov(first_base, static_cast<int64_t>(0));
        f.bind(has_slash);
        f.mov(start, first_base);
        f.mov(count, last_base);
        f.alu64(AluOp::Sub, count, first_base);
    }
    f.alu64(AluOp::Add, count, 1);
    f.jump(copy);

    f.bind(dot);
    f.load_map_value(src, abi::kStringsMap, cg.g.string_constant("."));
    f.mov(start, static_cast<int64_t>(0));
    f.mov(count, static_cast<int64_t>(1));

    f.bind(copy);
    // DTrace copies at most strsize - 1 characters.
    bpf::Label fits = f.new_label();
    f.branch(Cond::Sle, count, size - 1, fits);
    f.mov(count, size - 1);
    f.bind(fits);
    clamp(f, start, size);
    f.alu64(AluOp::Add, src, start);
    copy_prefix(cg, d, src, count);
    return d;
}

// cleanpath's states: what the characters read since the last component's start were.
constexpr int kNormal = 0, kSlash = 1, kDot = 2, kDotDot = 3, kBack = 4;
enum PathField { kIn, kOut, kRead, kWritten, kState, kLast };

// One round reads one character (or, backing up over a "..", looks at one written one), as
// DTrace's loop with its gotos does: the same checks at the same points, so the same result,
// including where it stops for want of room (five bytes before strsize).
void clean_body(Body& b, int64_t size) {
    bpf::Function& f = b.f;
    VReg out = b.field(kOut), j = b.field(kWritten), state = b.field(kState);
    bpf::Label reading = f.new_label(), finish = f.new_label(), got = f.new_label();
    auto emit = [&](std::initializer_list<VReg> chars) {
        for (VReg ch : chars) {
            b.put(out, j, ch);
            f.alu64(AluOp::Add, j, 1);
        }
        b.set(kWritten, j);
    };
    auto room = [&]() {  // DTrace's "if (j + 5 >= size) break;"
        VReg t = f.vreg();
        f.mov(t, j);
        f.alu64(AluOp::Add, t, 5);
        f.branch(Cond::Sge, t, size, finish);
    };

    f.branch(Cond::Ne, state, kBack, reading);
    {
        // Back to the slash before the last component written.
        bpf::Label at_slash = f.new_label(), resume = f.new_label();
        f.branch(Cond::Eq, j, 0, at_slash);
        f.alu64(AluOp::Sub, j, 1);
        b.set(kWritten, j);
        VReg x = b.byte(out, j);
        f.branch(Cond::Eq, x, '/', at_slash);
        b.next();
        f.bind(at_slash);
        f.branch(Cond::Ne, b.field(kLast), 0, resume);
        f.alu64(AluOp::Add, j, 1);  // DTrace writes a slash there, then the NUL over it
        f.jump(finish);
        f.bind(resume);
        b.set(kState, kNormal);
        b.next();
    }

    f.bind(reading);
    VReg i = b.field(kRead), ch = f.vreg();
    f.mov(ch, static_cast<int64_t>(0));
    f.branch(Cond::Ge, i, size, got);  // past strsize characters: a NUL
    f.mov(ch, b.byte(b.field(kIn), i));
    f.alu64(AluOp::Add, i, 1);
    b.set(kRead, i);
    f.bind(got);
    b.set(kLast, ch);
    VReg slash = b.imm('/'), dot = b.imm('.');
    bpf::Label slash_state = f.new_label(), dot_state = f.new_label(), dotdot_state = f.new_label();
    f.branch(Cond::Eq, state, kSlash, slash_state);
    f.branch(Cond::Eq, state, kDot, dot_state);
    f.branch(Cond::Eq, state, kDotDot, dotdot_state);
    {
        room();
        bpf::Label is_slash = f.new_label();
        f.branch(Cond::Eq, ch, '/', is_slash);
        emit({ch});
        f.branch(Cond::Eq, ch, 0, finish);
        b.next();
        f.bind(is_slash);
        b.set(kState, kSlash);
        b.next();
    }
    f.bind(slash_state);
    {
        bpf::Label other = f.new_label(), is_dot = f.new_label();
        f.branch(Cond::Ne, ch, '/', other);
        room();  // "//": one slash
        b.next();
        f.bind(other);
        f.branch(Cond::Eq, ch, '.', is_dot);
        emit({slash, ch});
        b.set(kState, kNormal);
        f.branch(Cond::Eq, ch, 0, finish);
        b.next();
        f.bind(is_dot);
        b.set(kState, kDot);
        b.next();
    }
    f.bind(dot_state);
    {
        bpf::Label other = f.new_label(), is_dot = f.new_label();
        f.branch(Cond::Ne, ch, '/', other);
        room();  // "/./": nothing
        b.set(kState, kSlash);
        b.next();
        f.bind(other);
        f.branch(Cond::Eq, ch, '.', is_dot);
        emit({slash, dot, ch});
        b.set(kState, kNormal);
        f.branch(Cond::Eq, ch, 0, finish);
        b.next();
        f.bind(is_dot);
        b.set(kState, kDotDot);
        b.next();
    }
    f.bind(dotdot_state);
    {
        bpf::Label up = f.new_label();
        f.branch(Cond::Eq, ch, '/', up);
        f.branch(Cond::Eq, ch, 0, up);
        emit({slash, dot, dot, ch});  // "..name"
        b.set(kState, kNormal);
        b.next();
        f.bind(up);
        VReg back = b.field(kRead);  // the '/' or NUL is read again
        f.alu64(AluOp::Sub, back, 1);
        b.set(kRead, back);
        b.set(kState, kBack);
        b.next();
    }
    f.bind(finish);
    b.put(out, j, 0);
    b.end();
}

VReg lower_cleanpath(ClauseGen& cg, const sema::Node& n) {
    VReg s = cg.string_operand(*n.args[0]);
    VReg d = cg.string_temp();
    const int64_t size = cg.g.strsize - 1;
    // DTrace leaves the first byte unwritten for "/.." (it backs up to 0, then writes the NUL
    // at 1): it is 0 here, as in DTrace's fresh scratch memory.
    cg.f.store(1, d, 0, 0);
    Ctx c(cg);
    c.ptr(kIn, s);
    c.ptr(kOut, d);
    c.num(kRead, 0);
    c.num(kWritten, 0);
    c.num(kState, kNormal);
    c.num(kLast, 0);
    // Each round reads a character or backs up over one written; reads come back only after
    // a "..": four rounds per byte are more than enough.
    c.run(callback(cg, "cleanpath", [&](Body& b) { clean_body(b, size); }), 4 * static_cast<int64_t>(cg.g.strsize) + 8);
    return d;
}

}  // namespace

VReg lower_path(ClauseGen& cg, const sema::Node& n) {
    switch (n.subr) {
        case sema::Subr::Basename: return lower_name(cg, n, false);
        case sema::Subr::Dirname: return lower_name(cg, n, true);
        default: return lower_cleanpath(cg, n);
    }
}

}  // namespace bdtrace::codegen::strsubr
