// inet_ntoa(ipaddr_t *), inet_ntoa6(in6_addr_t *), inet_ntop(af, void *): addresses as text,
// the way DTrace writes them: dotted decimal for IPv4; for IPv6, lower-case hex groups with
// DTrace's choice of the zero run to write as "::" (its own rule: the first longest run, even a
// single group), and the IPv4 form of mapped and compatible addresses (inet_ntoa6 gives the
// IPv4 part alone). The address families are Linux's (AF_INET 2, AF_INET6 10); another family
// is an illegal operation.
#include "bpf/helpers.h"
#include "codegen/gen_subr_string.h"

namespace bdtrace::codegen::strsubr {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

constexpr int64_t kAfInet = 2, kAfInet6 = 10;

// Context fields. The address's 16 bytes are the first two (an IPv4 address is bytes 12-15).
// The zero run's search comes first; the text is written after, with its own fields.
enum Field { kW0, kW1, kTryZero, kFirstZero, kNumZero, kOut = 2, kPos, kRunStart, kRunEnd, kGroups, kDotted, kBefore };

// Byte i (0-15) of the address, as it is in memory.
VReg address_byte(Body& b, VReg i) {
    bpf::Function& f = b.f;
    VReg w = f.vreg(), shift = f.vreg();
    bpf::Label high = f.new_label(), got = f.new_label();
    f.branch(Cond::Ge, i, 8, high);
    f.mov(w, b.field(kW0));
    f.jump(got);
    f.bind(high);
    f.mov(w, b.field(kW1));
    f.bind(got);
    f.mov(shift, i);
    f.alu64(AluOp::And, shift, 7);
    f.alu64(AluOp::Lsh, shift, 3);
    f.alu64(AluOp::Rsh, w, shift);
    f.alu64(AluOp::And, w, 0xff);
    return w;
}

// DTrace's search for the zero run, one byte per round: a run starts at an even byte that is 0
// and ends at the first byte that is not (or at the last byte); it is kept when it is longer
// than the one kept so far, counted in whole groups.
void zero_run_body(Body& b) {
    bpf::Function& f = b.f;
    VReg i = b.index;
    f.branch(Cond::Ge, i, 16, b.stop);
    b.stops = true;
    VReg byte = address_byte(b, i), tz = b.field(kTryZero);
    bpf::Label not_start = f.new_label(), nothing = f.new_label();
    f.branch(Cond::Ne, byte, 0, not_start);
    f.branch(Cond::Ne, tz, -1, not_start);
    VReg odd = f.vreg();
    f.mov(odd, i);
    f.alu64(AluOp::And, odd, 1);
    f.branch(Cond::Ne, odd, 0, not_start);
    b.set(kTryZero, i);
    b.next();
    f.bind(not_start);
    f.branch(Cond::Eq, tz, -1, nothing);  // not in a run
    {
        // The run ends here (a byte that is not 0, or the last byte).
        bpf::Label over = f.new_label(), keep = f.new_label();
        f.branch(Cond::Ne, byte, 0, over);
        f.branch(Cond::Ne, i, 15, nothing);
        f.bind(over);
        VReg span = f.vreg();
        f.mov(span, i);
        f.alu64(AluOp::Sub, span, tz);
        f.branch(Cond::Sgt, span, b.field(kNumZero), keep);
        b.set(kTryZero, -1);
        b.next();
        f.bind(keep);
        b.set(kFirstZero, tz);
        VReg num = f.vreg(), odd2 = f.vreg();
        f.mov(odd2, i);
        f.alu64(AluOp::And, odd2, 1);
        f.mov(num, i);
        f.alu64(AluOp::Sub, num, odd2);
        f.alu64(AluOp::Sub, num, tz);
        bpf::Label stored = f.new_label();
        f.branch(Cond::Ne, byte, 0, stored);
        f.branch(Cond::Ne, i, 15, stored);
        f.alu64(AluOp::Add, num, 2);
        f.bind(stored);
        b.set(kNumZero, num);
        b.set(kTryZero, -1);
        b.next();
    }
    f.bind(nothing);
    b.next();
}

// Appends ch to the output, which keeps strsize characters and counts the rest.
void emit(Body& b, VReg ch, int64_t size) {
    bpf::Function& f = b.f;
    VReg pos = b.field(kPos);
    bpf::Label full = f.new_label();
    f.branch(Cond::Ge, pos, size, full);
    b.put(b.field(kOut), pos, ch);
    f.bind(full);
    f.alu64(AluOp::Add, pos, 1);
    b.set(kPos, pos);
}

void emit(Body& b, int64_t ch, int64_t size) { emit(b, b.imm(ch), size); }

void emit_decimal(Body& b, VReg v, int64_t size) {
    bpf::Function& f = b.f;
    bpf::Label tens = f.new_label(), ones = f.new_label();
    f.branch(Cond::Lt, v, 100, tens);
    VReg d = f.vreg();
    f.mov(d, v);
    f.alu64(AluOp::Div, d, 100);
    f.alu64(AluOp::Add, d, '0');
    emit(b, d, size);
    f.bind(tens);
    f.branch(Cond::Lt, v, 10, ones);
    VReg t = f.vreg();
    f.mov(t, v);
    f.alu64(AluOp::Div, t, 10);
    f.alu64(AluOp::Mod, t, 10);
    f.alu64(AluOp::Add, t, '0');
    emit(b, t, size);
    f.bind(ones);
    VReg o = f.vreg();
    f.mov(o, v);
    f.alu64(AluOp::Mod, o, 10);
    f.alu64(AluOp::Add, o, '0');
    emit(b, o, size);
}

void emit_hex(Body& b, VReg v, int64_t size) {
    bpf::Function& f = b.f;
    VReg started = b.imm(0);
    for (int shift = 12; shift >= 0; shift -= 4) {
        VReg nib = f.vreg();
        f.mov(nib, v);
        f.alu64(AluOp::Rsh, nib, shift);
        f.alu64(AluOp::And, nib, 15);
        bpf::Label write = f.new_label(), skip = f.new_label(), digit = f.new_label();
        if (shift > 0) {
            f.branch(Cond::Ne, nib, 0, write);
            f.branch(Cond::Eq, started, 0, skip);
        }
        f.bind(write);
        f.mov(started, static_cast<int64_t>(1));
        f.branch(Cond::Le, nib, 9, digit);
        f.alu64(AluOp::Add, nib, 'a' - '0' - 10);
        f.bind(digit);
        f.alu64(AluOp::Add, nib, '0');
        emit(b, nib, size);
        f.bind(skip);
    }
}

// Rounds 0-7 write the groups (DTrace writes them from the end; this writes the same text from
// the start), rounds 8-11 the dotted IPv4 bytes 12-15.
void format_body(Body& b, int64_t size) {
    bpf::Function& f = b.f;
    VReg t = b.index;
    bpf::Label dotted = f.new_label();
    f.branch(Cond::Ge, t, 8, dotted);
    {
        bpf::Label write = f.new_label(), no_colon = f.new_label(), group = f.new_label();
        f.branch(Cond::Slt, t, b.field(kGroups), group);
        b.next();  // no more groups: on to the dotted part
        f.bind(group);
        VReg i = f.vreg();
        f.mov(i, t);
        f.alu64(AluOp::Lsh, i, 1);
        VReg run_start = b.field(kRunStart);
        f.branch(Cond::Slt, i, run_start, write);
        f.branch(Cond::Sgt, i, b.field(kRunEnd), write);
        bpf::Label in_run = f.new_label();
        f.branch(Cond::Ne, i, run_start, in_run);
        emit(b, ':', size);
        emit(b, ':', size);
        f.bind(in_run);
        b.next();
        f.bind(write);
        VReg hi = address_byte(b, i);
        VReg lo_at = f.vreg();
        f.mov(lo_at, i);
        f.alu64(AluOp::Add, lo_at, 1);
        VReg lo = address_byte(b, lo_at);
        f.alu64(AluOp::Lsh, hi, 8);
        f.alu64(AluOp::Or, hi, lo);
        emit_hex(b, hi, size);
        // A colon after each group but the last, and but the one before the run (the "::"
        // stands there); DTrace decides on the second whether or not it writes the run.
        f.branch(Cond::Ge, i, 14, no_colon);
        f.branch(Cond::Eq, i, b.field(kBefore), no_colon);
        emit(b, ':', size);
        f.bind(no_colon);
        b.next();
    }
    f.bind(dotted);
    {
        f.branch(Cond::Eq, b.field(kDotted), 0, b.stop);
        VReg k = f.vreg();
        f.mov(k, t);
        f.alu64(AluOp::Add, k, 4);
        emit_decimal(b, address_byte(b, k), size);
        bpf::Label last = f.new_label();
        f.branch(Cond::Ge, k, 15, last);
        emit(b, '.', size);
        b.next();
        f.bind(last);
        b.end();
    }
}

}  // namespace

VReg lower_inet(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    const int64_t size = cg.g.strsize - 1;
    const bool ntop = n.subr == sema::Subr::InetNtop;
    VReg family = f.vreg();
    if (ntop) f.mov(family, cg.value(*n.args[0]));
    else f.mov(family, n.subr == sema::Subr::InetNtoa ? kAfInet : kAfInet6);
    f.alu64(AluOp::Lsh, family, 32);  // an int, as DTrace reads it
    f.alu64(AluOp::Arsh, family, 32);
    const sema::Node& arg = *n.args[ntop ? 1 : 0];
    VReg addr = cg.value(arg);
    bool user = arg.type->is_pointer() && arg.type->space == sema::AddrSpace::User;
    VReg d = cg.string_temp();

    Ctx c(cg);
    c.num(kW0, 0);
    c.num(kW1, 0);
    bpf::StackSlot area = *cg.string_loop_area;
    VReg bytes = f.vreg(), length = f.vreg();
    bpf::Label v4 = f.new_label(), v6 = f.new_label(), read = f.new_label();
    f.branch(Cond::Eq, family, kAfInet, v4);
    f.branch(Cond::Eq, family, kAfInet6, v6);
    cg.fault(abi::kFaultIllop, VReg{});
    f.bind(v4);
    f.addr_of(bytes, area, 12);
    f.mov(length, static_cast<int64_t>(4));
    f.jump(read);
    f.bind(v6);
    f.addr_of(bytes, area, 0);
    f.mov(length, static_cast<int64_t>(16));
    f.bind(read);
    {
        VReg rc = f.call_helper(user ? bpf::helper::probe_read_user : bpf::helper::probe_read_kernel, {bytes, length, addr});
        bpf::Label ok = f.new_label();
        f.branch(Cond::Eq, rc, 0, ok);
        cg.fault(abi::kFaultBadAddr, addr);
        f.bind(ok);
    }
    VReg w0 = c.get(kW0), w1 = c.get(kW1);

    // What to write: how many groups, the run written as "::", the dotted tail.
    VReg groups = f.vreg(), run_start = f.vreg(), run_end = f.vreg(), first_zero = f.vreg(), dotted = f.vreg();
    f.mov(groups, static_cast<int64_t>(0));
    f.mov(run_start, static_cast<int64_t>(-1));
    f.mov(run_end, static_cast<int64_t>(-2));
    f.mov(first_zero, static_cast<int64_t>(-1));
    f.mov(dotted, static_cast<int64_t>(1));
    bpf::Label format = f.new_label();
    f.branch(Cond::Eq, family, kAfInet, format);
    {
        c.num(kTryZero, -1);
        c.num(kFirstZero, -1);
        c.num(kNumZero, 1);
        c.run(callback(cg, "inet6_zeros", zero_run_body), 16);
        f.mov(first_zero, c.get(kFirstZero));
        VReg num_zero = c.get(kNumZero);
        // Mapped (::ffff:a.b.c.d) and compatible (::a.b.c.d but :: and ::1) addresses end in
        // IPv4 form.
        VReg low = f.vreg(), high = f.vreg();
        f.mov(low, w1);
        f.alu64(AluOp::Lsh, low, 32);
        f.alu64(AluOp::Rsh, low, 32);
        f.mov(high, w1);
        f.alu64(AluOp::Rsh, high, 32);
        bpf::Label embedded = f.new_label(), plain = f.new_label(), last_group = f.new_label();
        f.branch(Cond::Ne, w0, 0, plain);
        f.branch(Cond::Eq, low, 0xffff0000, embedded);
        f.branch(Cond::Ne, low, 0, plain);
        f.branch(Cond::Eq, high, 0, plain);
        f.branch(Cond::Eq, high, 0x01000000, plain);
        f.bind(embedded);
        f.mov(groups, static_cast<int64_t>(n.subr == sema::Subr::InetNtoa6 ? 0 : 6));
        f.jump(last_group);
        f.bind(plain);
        f.mov(groups, static_cast<int64_t>(8));
        f.mov(dotted, static_cast<int64_t>(0));
        f.bind(last_group);
        // DTrace writes the run only if its walk back from the last group meets the run's end.
        f.mov(run_end, first_zero);
        f.alu64(AluOp::Add, run_end, num_zero);
        f.alu64(AluOp::Sub, run_end, 2);
        VReg last_index = f.vreg();
        f.mov(last_index, groups);
        f.alu64(AluOp::Lsh, last_index, 1);
        f.alu64(AluOp::Sub, last_index, 2);
        bpf::Label no_run = f.new_label();
        f.branch(Cond::Slt, first_zero, 0, no_run);
        f.branch(Cond::Sgt, run_end, last_index, no_run);
        f.mov(run_start, first_zero);
        f.jump(format);
        f.bind(no_run);
        f.mov(run_end, static_cast<int64_t>(-2));
    }
    f.bind(format);
    c.ptr(kOut, d);
    c.num(kPos, 0);
    c.num(kRunStart, run_start);
    c.num(kRunEnd, run_end);
    c.num(kGroups, groups);
    c.num(kDotted, dotted);
    VReg before = f.vreg();
    f.mov(before, first_zero);
    f.alu64(AluOp::Sub, before, 2);
    c.num(kBefore, before);
    c.run(callback(cg, "inet_format", [&](Body& b) { format_body(b, size); }), 12);
    VReg pos = c.get(kPos);
    clamp(f, pos, size);
    VReg end = f.vreg();
    f.mov(end, d);
    f.alu64(AluOp::Add, end, pos);
    f.store(1, end, 0, 0);
    return d;
}

}  // namespace bdtrace::codegen::strsubr
