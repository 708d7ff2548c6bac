// String and byte-order subroutines (see sema/check_subr_string.cpp): the dispatch, and the
// subroutines that are one scan or none (strlen, strjoin, substr, toupper, tolower, strchr,
// strrchr, the byte-order conversions). The others are in gen_subr_search.cpp (strstr, index,
// rindex), gen_subr_strtok.cpp, gen_subr_path.cpp (basename, dirname, cleanpath),
// gen_subr_number.cpp (lltostr, strtoll) and gen_subr_inet.cpp.
//
// Each follows DTrace's dtrace_dif_subr() to the byte, with DTrace's `size` (the strsize option)
// as this buffer's characters. A string result is a new string temporary, or NULL (0: strchr()
// or strstr() finding nothing, strtok() at the end), which faults where its bytes are read and
// compares as the empty string, as in DTrace.
#include "bpf/helpers.h"
#include "codegen/gen_subr_string.h"
#include "codegen/gen_subr_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::Subr;
using namespace strsubr;

namespace {

// strjoin(a, b): a is copied by the kernel, b by a loop that also measures it. DTrace needs
// room for the NUL within strsize bytes: a result of strsize characters or more is a fault.
VReg lower_strjoin(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    const int64_t size = cg.g.strsize - 1;
    VReg a = cg.string_operand(*n.args[0]);
    VReg b = cg.string_operand(*n.args[1]);
    VReg d = cg.string_temp();
    VReg la = f.call_helper(bpf::helper::probe_read_kernel_str, {d, static_cast<int64_t>(cg.g.strsize), a});
    f.alu64(AluOp::Sub, la, 1);
    clamp(f, la, size);
    Ctx c(cg);
    c.ptr(0, b);
    c.ptr(1, d);
    c.num(2, la);
    c.num(3, static_cast<int64_t>(cg.g.strsize));  // b's length once its NUL is copied
    c.run(callback(cg, "strjoin", [](Body& b) {
              VReg ch = b.byte(b.field(0), b.index);
              VReg j = b.field(2);
              b.f.alu64(AluOp::Add, j, b.index);
              b.put(b.field(1), j, ch);
              bpf::Label more = b.f.new_label();
              b.f.branch(Cond::Ne, ch, 0, more);
              b.set(3, b.index);
              b.end();
              b.f.bind(more);
              b.next();
          }),
          static_cast<int64_t>(cg.g.strsize));
    VReg total = c.get(3);
    f.alu64(AluOp::Add, total, la);
    bpf::Label ok = f.new_label();
    f.branch(Cond::Lt, total, size, ok);
    cg.fault(abi::kFaultNoScratch, VReg{});
    f.bind(ok);
    return d;
}

// substr(s, index[, length]): DTrace's rules, in its mix of signed and unsigned comparisons
// (index and length are int64_t, the length of s a size_t).
VReg lower_substr(ClauseGen& cg, const sema::Node& n) {
    bpf::Function& f = cg.f;
    const int64_t size = cg.g.strsize - 1;
    VReg s = cg.string_operand(*n.args[0]);
    VReg index = cg.value(*n.args[1]);
    VReg remaining = f.vreg();
    if (n.args.size() > 2) f.mov(remaining, cg.value(*n.args[2]));
    else f.mov(remaining, size);
    VReg d = cg.string_temp();
    VReg len = string_length(cg, s);

    bpf::Label nonneg = f.new_label();
    f.branch(Cond::Sge, index, 0, nonneg);
    f.alu64(AluOp::Add, index, len);
    {
        // Still before the start, but the length reaches into the string: start at 0.
        bpf::Label keep = f.new_label();
        f.branch(Cond::Sge, index, 0, keep);
        VReg end = f.vreg();
        f.mov(end, index);
        f.alu64(AluOp::Add, end, remaining);
        f.branch(Cond::Sle, end, 0, keep);
        f.alu64(AluOp::Add, remaining, index);
        f.mov(index, static_cast<int64_t>(0));
        f.bind(keep);
    }
    f.bind(nonneg);
    bpf::Label none = f.new_label(), count = f.new_label();
    f.branch(Cond::Ge, index, len, none);  // unsigned: a negative index is past the end too
    {
        bpf::Label positive = f.new_label();
        f.branch(Cond::Sge, remaining, 0, positive);
        f.alu64(AluOp::Add, remaining, len);
        f.alu64(AluOp::Sub, remaining, index);
        f.jump(count);
        f.bind(positive);
        VReg end = f.vreg();
        f.mov(end, index);
        f.alu64(AluOp::Add, end, remaining);
        f.branch(Cond::Le, end, size, count);
        f.mov(remaining, size);
        f.alu64(AluOp::Sub, remaining, index);
        f.jump(count);
    }
    f.bind(none);
    f.mov(remaining, static_cast<int64_t>(0));
    f.mov(index, static_cast<int64_t>(0));
    f.bind(count);
    clamp(f, index, size);
    VReg src = f.vreg();
    f.mov(src, s);
    f.alu64(AluOp::Add, src, index);
    copy_prefix(cg, d, src, remaining);
    return d;
}

// toupper(s), tolower(s): at most strsize - 1 characters, as DTrace copies.
VReg lower_case(ClauseGen& cg, const sema::Node& n, bool upper) {
    VReg s = cg.string_operand(*n.args[0]);
    VReg d = cg.string_temp();
    Ctx c(cg);
    c.ptr(0, s);
    c.ptr(1, d);
    const int64_t last = cg.g.strsize - 2;  // DTrace's size - 1: the characters it copies
    const int64_t from = upper ? 'a' : 'A', to = upper ? 'z' : 'Z', delta = upper ? 'A' - 'a' : 'a' - 'A';
    c.run(callback(cg, upper ? "toupper" : "tolower", [&](Body& b) {
              VReg dd = b.field(1);
              bpf::Label copy = b.f.new_label(), finish = b.f.new_label();
              b.f.branch(Cond::Ge, b.index, last, finish);
              VReg ch = b.byte(b.field(0), b.index);
              b.f.branch(Cond::Eq, ch, 0, finish);
              b.f.branch(Cond::Lt, ch, from, copy);
              b.f.branch(Cond::Gt, ch, to, copy);
              b.f.alu64(AluOp::Add, ch, delta);
              b.f.bind(copy);
              b.put(dd, b.index, ch);
              b.next();
              b.f.bind(finish);
              b.put(dd, b.index, 0);
              b.end();
          }),
          static_cast<int64_t>(cg.g.strsize));
    return d;
}

// strchr(s, c), strrchr(s, c): the first (last) c among the first strsize bytes, the NUL
// included; the result is the rest of s from there.
VReg lower_strchr(ClauseGen& cg, const sema::Node& n, bool last) {
    bpf::Function& f = cg.f;
    VReg s = cg.string_operand(*n.args[0]);
    VReg ch = cg.value(*n.args[1]);
    f.alu64(AluOp::And, ch, 0xff);
    VReg d = cg.string_temp();
    Ctx c(cg);
    c.ptr(0, s);
    c.num(1, ch);
    c.num(2, -1);  // where it was found
    const int64_t size = cg.g.strsize - 1;
    c.run(callback(cg, last ? "strrchr" : "strchr", [&](Body& b) {
              bpf::Label other = b.f.new_label(), more = b.f.new_label();
              b.f.branch(Cond::Ge, b.index, size, b.stop);
              VReg x = b.byte(b.field(0), b.index);
              b.f.branch(Cond::Ne, x, b.field(1), other);
              b.set(2, b.index);
              if (!last) b.end();
              b.f.bind(other);
              b.f.branch(Cond::Ne, x, 0, more);
              b.end();
              b.f.bind(more);
              b.next();
          }),
          static_cast<int64_t>(cg.g.strsize));
    return copy_tail_or_null(cg, d, s, c.get(2), size);
}

VReg lower_byte_order(ClauseGen& cg, const sema::Node& n, int bits) {
    VReg v = cg.value(*n.args[0]);
    cg.f.bswap(v, bits, true);  // to big-endian from this little-endian machine, and back
    return v;
}

}  // namespace

// The group's entries in the subroutine table (gen_subr_table.h).
std::vector<SubrEntry> string_subr_entries() {
    using N = const sema::Node&;
    return {
        {Subr::Strlen, [](ClauseGen& c, N n) {
             return string_length(c, c.string_operand(*n.args[0]));
         }},
        {Subr::Strjoin, lower_strjoin},
        {Subr::Substr, lower_substr},
        {Subr::Toupper, [](ClauseGen& c, N n) { return lower_case(c, n, true); }},
        {Subr::Tolower, [](ClauseGen& c, N n) { return lower_case(c, n, false); }},
        {Subr::Strchr, [](ClauseGen& c, N n) { return lower_strchr(c, n, false); }},
        {Subr::Strrchr, [](ClauseGen& c, N n) { return lower_strchr(c, n, true); }},
        {Subr::Strstr, lower_search},
        {Subr::Index, lower_search},
        {Subr::Rindex, lower_search},
        {Subr::Strtok, lower_strtok},
        {Subr::Basename, lower_path},
        {Subr::Dirname, lower_path},
        {Subr::Cleanpath, lower_path},
        {Subr::Lltostr, lower_number},
        {Subr::Strtoll, lower_number},
        {Subr::InetNtoa, lower_inet},
        {Subr::InetNtoa6, lower_inet},
        {Subr::InetNtop, lower_inet},
        {Subr::Htons, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 16); }},
        {Subr::Ntohs, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 16); }},
        {Subr::Htonl, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 32); }},
        {Subr::Ntohl, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 32); }},
        {Subr::Htonll, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 64); }},
        {Subr::Ntohll, [](ClauseGen& c, N n) { return lower_byte_order(c, n, 64); }},
    };
}

}  // namespace bdtrace::codegen
