// strtok(s, delimiters): DTrace's strtok. The string is copied to the result buffer and
// tokenised there: the delimiters are skipped, then the token is moved to the front of the
// buffer (never past what is still to be read). Where the scan stopped is remembered, as
// DTrace's dtms_strtok, in the hidden this-> variable sema gave the node: the address in the
// original string, the end of that string's strsize characters, and the firing it belongs to
// (strtok(NULL, ...) in a new firing finds nothing, as DTrace starts each firing with none). The
// first argument may be NULL (the constant, or a NULL string value such as strstr() finding
// nothing): go on from where the last call stopped. The result is NULL (0) once nothing is left.
#include "bpf/helpers.h"
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

// Context: the delimiter set as a 256-bit map in four words, then the loops' own fields.
enum Field { kMap0 = 0, kDelims = 4, kBuf = 4, kStart = 5, kLength = 6 };
// The hidden variable's words.
constexpr int16_t kStateAddr = 0, kStateLimit = 8, kStateFiring = 16;

// Calls fn(field) for the map word that holds character ch's bit.
void with_word(Body& b, VReg ch, const std::function<void(int)>& fn) {
    bpf::Label done = b.f.new_label();
    for (int w = 0; w < 3; ++w) {
        bpf::Label next = b.f.new_label();
        b.f.branch(Cond::Ge, ch, 64 * (w + 1), next);
        fn(kMap0 + w);
        b.f.jump(done);
        b.f.bind(next);
    }
    fn(kMap0 + 3);
    b.f.bind(done);
}

// ch's bit: 1 if ch is a delimiter.
VReg is_delimiter(Body& b, VReg ch) {
    VReg bit = b.f.vreg();
    with_word(b, ch, [&](int field) {
        b.f.mov(bit, b.field(field));
        VReg shift = b.f.vreg();
        b.f.mov(shift, ch);
        b.f.alu64(AluOp::And, shift, 63);
        b.f.alu64(AluOp::Rsh, bit, shift);
        b.f.alu64(AluOp::And, bit, 1);
    });
    return bit;
}

}  // namespace

VReg lower_strtok(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    const int64_t size = cg.g.strsize - 1;
    const sema::Node& first = *n.args[0];
    VReg given;
    if (first.kind != sema::NodeKind::Int) given = first.type->is_string() ? cg.string(first) : cg.value(first);
    VReg delims = cg.string_operand(*n.args[1]);
    VReg d = cg.string_temp();
    VReg state = cg.var_address(*n.var);
    VReg firing = cg.firing_timestamp();

    // Where to read: the string given, or where the last call of this firing stopped.
    VReg base = f.vreg(), rest = f.vreg();
    bpf::Label saved = f.new_label(), chosen = f.new_label(), null = f.new_label(), done = f.new_label();
    VReg result = f.vreg();
    const bool may_continue = !given.valid() || !ClauseGen::string_never_null(first);
    if (given.valid()) {
        if (may_continue) f.branch(Cond::Eq, given, 0, saved);
        f.mov(base, given);
        f.mov(rest, size);
        if (may_continue) f.jump(chosen);
    }
    if (may_continue) {
        f.bind(saved);
        VReg when = f.vreg(), limit = f.vreg();
        f.load(8, when, state, kStateFiring);
        f.branch(Cond::Ne, when, firing, null);
        f.load(8, base, state, kStateAddr);
        f.branch(Cond::Eq, base, 0, null);
        f.load(8, limit, state, kStateLimit);
        f.mov(rest, limit);
        f.alu64(AluOp::Sub, rest, base);
    }
    f.bind(chosen);
    {
        // The string (at most `rest` characters, strsize from its start) into the buffer.
        clamp(f, rest, size);
        VReg limit = f.vreg();
        f.mov(limit, base);
        f.alu64(AluOp::Add, limit, rest);
        f.store(8, state, kStateLimit, limit);
        VReg bytes = f.vreg();
        f.mov(bytes, rest);
        f.alu64(AluOp::Add, bytes, 1);
        VReg rc = f.call_helper(bpf::helper::probe_read_kernel_str, {d, bytes, base});
        bpf::Label ok = f.new_label();
        f.branch(Cond::Sge, rc, 0, ok);
        cg.fault(abi::kFaultBadAddr, base);
        f.bind(ok);
    }

    Ctx c(cg);
    for (int w = 0; w < 4; ++w) c.num(kMap0 + w, 0);
    c.ptr(kDelims, delims);
    c.run(callback(cg, "strtok_delims", [&](Body& b) {
              b.f.branch(Cond::Ge, b.index, size, b.stop);
              VReg ch = b.byte(b.field(kDelims), b.index);
              b.f.branch(Cond::Eq, ch, 0, b.stop);
              with_word(b, ch, [&](int field) {
                  VReg bit = b.f.vreg(), shift = b.f.vreg(), word = b.field(field);
                  b.f.mov(shift, ch);
                  b.f.alu64(AluOp::And, shift, 63);
                  b.f.mov(bit, static_cast<int64_t>(1));
                  b.f.alu64(AluOp::Lsh, bit, shift);
                  b.f.alu64(AluOp::Or, word, bit);
                  b.set(field, word);
              });
              b.next();
          }),
          static_cast<int64_t>(cg.g.strsize));

    // Skip the delimiters: the token starts at the first other character.
    c.ptr(kBuf, d);
    c.num(kStart, 0);
    c.run(callback(cg, "strtok_skip", [&](Body& b) {
              VReg ch = b.byte(b.field(kBuf), b.index);
              bpf::Label found = b.f.new_label();
              b.f.branch(Cond::Eq, ch, 0, found);
              b.f.branch(Cond::Eq, is_delimiter(b, ch), 0, found);
              b.next();
              b.f.bind(found);
              b.set(kStart, b.index);
              b.end();
          }),
          static_cast<int64_t>(cg.g.strsize));
    VReg start = c.get(kStart);
    clamp(f, start, size);
    {
        VReg p = f.vreg(), ch = f.vreg();
        f.mov(p, d);
        f.alu64(AluOp::Add, p, start);
        f.load(1, ch, p, 0);
        f.branch(Cond::Eq, ch, 0, null);
    }

    // The token, at most strsize - 1 characters, moved to the front.
    c.num(kLength, size - 1);
    c.run(callback(cg, "strtok_copy", [&](Body& b) {
              bpf::Label end = b.f.new_label();
              b.f.branch(Cond::Ge, b.index, size - 1, end);
              VReg from = b.field(kStart);
              b.f.alu64(AluOp::Add, from, b.index);
              VReg buf = b.field(kBuf);
              VReg ch = b.byte(buf, from);
              b.f.branch(Cond::Eq, ch, 0, end);
              b.f.branch(Cond::Ne, is_delimiter(b, ch), 0, end);
              b.put(buf, b.index, ch);
              b.next();
              b.f.bind(end);
              b.set(kLength, b.index);
              b.end();
          }),
          static_cast<int64_t>(cg.g.strsize));
    VReg length = c.get(kLength);
    clamp(f, length, size);
    {
        VReg p = f.vreg();
        f.mov(p, d);
        f.alu64(AluOp::Add, p, length);
        f.store(1, p, 0, 0);
        VReg next = f.vreg();
        f.mov(next, base);
        f.alu64(AluOp::Add, next, start);
        f.alu64(AluOp::Add, next, length);
        f.store(8, state, kStateAddr, next);
        f.store(8, state, kStateFiring, firing);
        f.mov(result, d);
        f.jump(done);
    }

    // Nothing left: NULL, and nothing remembered.
    f.bind(null);
    f.store(8, state, kStateAddr, 0);
    f.store(8, state, kStateFiring, firing);
    f.mov(result, static_cast<int64_t>(0));
    f.bind(done);
    return result;
}

}  // namespace bdtrace::codegen::strsubr
