// strstr(s, t), index(s, t[, from]), rindex(s, t[, from]): DTrace's naive search, with its
// Perl-like rules for the start position (see dtrace_dif_subr()'s DIF_SUBR_INDEX).
#include <algorithm>

#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// Context fields of the search loop.
enum Field { kS, kT, kSublen, kPos, kMatched, kLimit, kStep, kFound };

// One round compares one character: t[matched] with s[pos + matched]. A mismatch moves to the
// next position; a full match (matched == strlen(t)) or reaching the limit ends the loop.
void search_body(Body& b) {
    bpf::Function& f = b.f;
    VReg pos = b.field(kPos), matched = b.field(kMatched);
    bpf::Label partial = f.new_label(), differ = f.new_label();
    f.branch(Cond::Lt, matched, b.field(kSublen), partial);
    b.set(kFound, pos);
    b.end();
    f.bind(partial);
    VReg at = f.vreg();
    f.mov(at, pos);
    f.alu64(AluOp::Add, at, matched);
    VReg x = b.byte(b.field(kS), at);
    VReg y = b.byte(b.field(kT), matched);
    f.branch(Cond::Ne, x, y, differ);
    f.alu64(AluOp::Add, matched, 1);
    b.set(kMatched, matched);
    b.next();
    f.bind(differ);
    b.set(kMatched, 0);
    f.alu64(AluOp::Add, pos, b.field(kStep));
    b.set(kPos, pos);
    bpf::Label more = f.new_label();
    f.branch(Cond::Ne, pos, b.field(kLimit), more);
    b.end();
    f.bind(more);
    b.next();
}

}  // namespace

VReg lower_search(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    const bool is_strstr = n.subr == sema::Subr::Strstr, reverse = n.subr == sema::Subr::Rindex;
    const int64_t size = cg.g.strsize - 1;
    VReg s = cg.string_operand(*n.args[0]);
    VReg t = cg.string_operand(*n.args[1]);
    VReg from;
    if (n.args.size() > 2) from = cg.value(*n.args[2]);
    VReg d;
    if (is_strstr) d = cg.string_temp();
    VReg len = string_length(cg, s);
    VReg sublen = string_length(cg, t);

    VReg result = f.vreg(), start = f.vreg(), limit = f.vreg();
    bpf::Label done = f.new_label();
    f.mov(result, static_cast<int64_t>(-1));
    {
        // Both empty: strstr() gives s, index() and rindex() 0, whatever the position.
        bpf::Label some = f.new_label();
        f.branch(Cond::Ne, len, 0, some);
        f.branch(Cond::Ne, sublen, 0, some);
        f.mov(result, static_cast<int64_t>(0));
        f.jump(done);
        f.bind(some);
    }
    if (reverse) {
        f.mov(start, len);
        f.mov(limit, static_cast<int64_t>(-1));
    } else {
        f.mov(start, static_cast<int64_t>(0));
        f.mov(limit, len);
    }
    if (from.valid()) {
        bpf::Label empty_result = f.new_label(), set = f.new_label();
        if (reverse) {
            // Before the start: nothing (0 for the empty string); past the end: from the end.
            bpf::Label inside = f.new_label(), clamped = f.new_label();
            f.branch(Cond::Sge, from, 0, inside);
            f.mov(result, static_cast<int64_t>(0));
            f.jump(empty_result);
            f.bind(inside);
            f.branch(Cond::Le, from, len, clamped);
            f.mov(from, len);
            f.bind(clamped);
            f.jump(set);
        } else {
            // Before the start: from 0; at or past the end: nothing (the length for "").
            bpf::Label inside = f.new_label();
            f.branch(Cond::Sge, from, 0, inside);
            f.mov(from, static_cast<int64_t>(0));
            f.bind(inside);
            f.branch(Cond::Lt, from, len, set);
            f.mov(result, len);
            f.jump(empty_result);
        }
        f.bind(empty_result);
        f.branch(Cond::Eq, sublen, 0, done);
        f.mov(result, static_cast<int64_t>(-1));
        f.jump(done);
        f.bind(set);
        f.mov(start, from);
    }
    f.branch(Cond::Eq, start, limit, done);
    Ctx c(cg);
    c.ptr(kS, s);
    c.ptr(kT, t);
    c.num(kSublen, sublen);
    c.num(kPos, start);
    c.num(kMatched, 0);
    c.num(kLimit, limit);
    c.num(kStep, reverse ? -1 : 1);
    c.num(kFound, -1);
    // Each position costs at most strlen(t) + 1 rounds.
    int64_t rounds = std::min<int64_t>((size + 2) * (size + 2), int64_t{1} << 23);
    c.run(callback(cg, "search", search_body), rounds);
    f.mov(result, c.get(kFound));
    f.bind(done);
    if (!is_strstr) return result;

    return copy_tail_or_null(cg, d, s, result, size);
}

}  // namespace bdtrace::codegen::strsubr
