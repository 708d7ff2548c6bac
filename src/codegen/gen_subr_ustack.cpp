// User stacks and user symbols: ustack(), ustackdepth, ucaller, uregs[], and the values of
// ufunc(), usym(), umod() and uaddr().
//
// A user stack is the kernel's frame-pointer walk (bpf_get_stack with BPF_F_USER_STACK) with the
// process id before it, so that the consumer names the PCs in the right address space. At a pid
// entry probe the function has not pushed its frame yet: rbp is still the caller's, so the walk
// would skip the caller. DTrace then takes the return address at *(sp) as the second frame, and
// so do we. A symbol's value is the process id and the address; the consumer prints it as the
// action says (ufunc/usym: the function, umod: the module, uaddr: function+offset).
#include <algorithm>

#include "arch/x86_64_regs.h"
#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "codegen/gen_subr_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using probes::AttachKind;
using sema::NodeKind;
using sema::Subr;

namespace {

constexpr int64_t kUserStack = 1 << 8;  // BPF_F_USER_STACK
constexpr uint32_t kStackCopy = 4096;       // bytes of user stack a ustack() record copies
constexpr uint32_t kStackCopyShort = 512;   // when the stack's top is nearer than kStackCopy
constexpr uint32_t kRecordMargin = 1024;    // left in a record for the clause's other data

bool is_user_sym(Subr s) { return s == Subr::Ufunc || s == Subr::Usym || s == Subr::Umod || s == Subr::Uaddr; }
bool is_kernel_sym(Subr s) { return s == Subr::Sym || s == Subr::Func || s == Subr::Mod; }

}  // namespace

bool user_key_field(const sema::Type* t, Field& k) {
    if (t->is_ustack) {
        k.kind = Field::Kind::UStack;
        k.frames = static_cast<uint32_t>(t->count);
        k.size = 16 + 8 * k.frames;
        return true;
    }
    if (t->usym != sema::Type::UserSym::None) {
        k.kind = Field::Kind::USym;
        k.usym = t->usym;
        k.size = 16;
        return true;
    }
    return false;
}

bool ClauseGen::is_user_record(const sema::Node& n) {
    return n.kind == NodeKind::Subr && (n.subr == Subr::Ustack || is_user_sym(n.subr) || is_kernel_sym(n.subr));
}

ClauseGen::EntryMode ClauseGen::entry_mode() const {
    // Return probes fire on the returning instruction: the frame is gone, the return address is
    // at *(sp), as at an entry.
    if (g.context.return_site && !is_error_clause) return EntryMode::Always;
    if (!g.context.entry_site || is_error_clause) return EntryMode::Never;
    bool entries = false, others = false;
    for (const auto& p : clause.probes) {
        if (p.probe->kind() != AttachKind::Uprobe) continue;
        (p.name == "entry" ? entries : others) = true;
    }
    if (!entries) return EntryMode::Never;
    return others ? EntryMode::Check : EntryMode::Always;
}

VReg ClauseGen::is_entry_firing() {
    // Compare the firing's probe id with the clause's uprobe probes of the rarer kind.
    std::vector<uint32_t> entry_ids, other_ids;
    for (const auto& p : clause.probes) {
        if (p.probe->kind() != AttachKind::Uprobe) continue;
        (p.name == "entry" ? entry_ids : other_ids).push_back(p.probe_id);
    }
    bool list_entries = entry_ids.size() <= other_ids.size();
    const auto& ids = list_entries ? entry_ids : other_ids;
    VReg probe = f.vreg(), r = f.vreg();
    f.load(8, probe, scratch, abi::kScratchProbeId);
    f.mov(r, static_cast<int64_t>(list_entries ? 0 : 1));
    bpf::Label found = f.new_label(), done = f.new_label();
    for (uint32_t id : ids) f.branch(Cond::Eq, probe, static_cast<int64_t>(id), found);
    f.jump(done);
    f.bind(found);
    f.mov(r, static_cast<int64_t>(list_entries ? 1 : 0));
    f.bind(done);
    return r;
}

// The user registers: a uprobe's context is the thread's user pt_regs. Elsewhere (profile
// interrupts that may hit the kernel, BEGIN and END) they are the pt_regs at the top of the
// thread's kernel stack, which is where the kernel saved the user registers.
VReg ClauseGen::user_register(int off) {
    VReg r = f.vreg();
    if (g.context.user_regs) {
        f.load(8, r, ctx, static_cast<int16_t>(off));
        if (g.context.entry_site && off == arch::kRip) {
            // An entry uprobe moved past the first instruction reports the function's address.
            VReg skip = f.vreg();
            f.load(8, skip, scratch, abi::kScratchPcSkip);
            g.reads_pc_skip = true;
            f.alu64(AluOp::Sub, r, skip);
        }
        return r;
    }
    VReg task = f.call_helper(bpf::helper::get_current_task_btf, {});
    VReg regs = f.call_helper(bpf::helper::task_pt_regs, {task});
    f.alu64(AluOp::Add, regs, static_cast<int64_t>(off));
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, static_cast<int64_t>(0));
    f.call_helper(bpf::helper::probe_read_kernel, {tmp, 8, regs});
    f.mov(tmp, scratch);
    f.load(8, r, tmp, abi::kScratchTemp);
    return r;
}

VReg ClauseGen::write_user_stack(VReg dst, uint32_t frames) {
    VReg bytes = f.vreg();
    VReg got = f.call_helper(bpf::helper::get_stack, {ctx, dst, static_cast<int64_t>(8 * frames), kUserStack});
    f.mov(bytes, got);
    bpf::Label done = f.new_label();
    f.branch(Cond::Sge, bytes, 0, done);
    f.mov(bytes, static_cast<int64_t>(0));
    // An entry uprobe moved past the function's first instruction (process/entry_site.h): the
    // first frame is the function's address, as at the first instruction.
    auto first_frame_at_entry = [&] {
        if (!g.context.entry_site) return;
        bpf::Label none = f.new_label();
        f.branch(Cond::Slt, bytes, 8, none);
        VReg pc = f.vreg(), skip = f.vreg();
        f.load(8, pc, dst, 0);
        f.load(8, skip, scratch, abi::kScratchPcSkip);
        g.reads_pc_skip = true;
        f.alu64(AluOp::Sub, pc, skip);
        f.store(8, dst, 0, pc);
        f.bind(none);
    };
    EntryMode mode = frames > 1 ? entry_mode() : EntryMode::Never;
    if (mode == EntryMode::Never) {
        f.bind(done);
        first_frame_at_entry();
        return bytes;
    }
    f.bind(done);
    // At an entry probe: is the return address at *(sp) the second frame already? Kernels
    // since 6.11 add it themselves when the probed instruction is `push %rbp` or `endbr64`;
    // otherwise (older kernels, functions without frame pointers) walk again one slot on and put
    // it there. (Direct recursion can make the walk's second frame equal it by chance; the
    // caller is then missing, as it would be without this step.)
    bpf::Label end = f.new_label();
    if (mode == EntryMode::Check) f.branch(Cond::Eq, is_entry_firing(), 0, end);
    f.branch(Cond::Slt, bytes, 8, end);
    VReg sp = user_register(arch::kRsp);
    VReg tmp = f.vreg();
    f.mov(tmp, scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, static_cast<int64_t>(0));
    f.call_helper(bpf::helper::probe_read_user, {tmp, 8, sp});
    VReg ret = f.vreg();
    f.mov(tmp, scratch);
    f.load(8, ret, tmp, abi::kScratchTemp);
    f.branch(Cond::Eq, ret, 0, end);
    bpf::Label insert = f.new_label();
    f.branch(Cond::Slt, bytes, 16, insert);
    VReg second = f.vreg();
    f.load(8, second, dst, 8);
    f.branch(Cond::Eq, second, ret, end);
    f.bind(insert);
    VReg slot1 = f.vreg();
    f.mov(slot1, dst);
    f.alu64(AluOp::Add, slot1, 8);
    VReg again = f.call_helper(bpf::helper::get_stack, {ctx, slot1, static_cast<int64_t>(8 * (frames - 1)), kUserStack});
    f.branch(Cond::Slt, again, 8, end);  // keep the first walk
    f.mov(bytes, again);
    f.alu64(AluOp::Add, bytes, 8);
    VReg pc = f.vreg();
    f.load(8, pc, dst, 8);
    f.store(8, dst, 0, pc);
    f.store(8, dst, 8, ret);
    f.bind(end);
    first_frame_at_entry();
    return bytes;
}

namespace {

// [pid][bytes of PCs][PCs] at base + off.
void write_ustack_datum(ClauseGen& cg, uint32_t frames, VReg base, uint32_t off) {
    bpf::Function& f = cg.f;
    VReg pid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, pid, 32);
    f.store(8, base, static_cast<int16_t>(off), pid);
    VReg dst = f.vreg();
    f.mov(dst, base);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(off + 16));
    VReg bytes = cg.write_user_stack(dst, frames);
    f.store(8, base, static_cast<int16_t>(off + 8), bytes);
}

// [pid][address] at base + off; a kernel address (sym/func/mod) has abi::kKernelSymbolPid.
void write_usym_datum(ClauseGen& cg, const sema::Node& n, VReg base, uint32_t off) {
    bpf::Function& f = cg.f;
    VReg addr = cg.value(*n.args[0]);
    f.store(8, base, static_cast<int16_t>(off + 8), addr);
    if (is_kernel_sym(n.subr)) {
        VReg kernel = f.vreg();
        f.mov(kernel, static_cast<int64_t>(abi::kKernelSymbolPid));
        f.store(8, base, static_cast<int16_t>(off), kernel);
        return;
    }
    VReg pid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, pid, 32);
    f.store(8, base, static_cast<int16_t>(off), pid);
}

}  // namespace

// A ustack() record also carries what the consumer needs to unwind code without frame pointers:
// ip, sp, bp, the number of stack bytes copied, and the bytes from sp up (as many as the record
// has room for, up to kStackCopy; a stack whose top is nearer than that gets kStackCopyShort).
void ClauseGen::write_unwind_tail(VReg base, uint32_t off, uint32_t copy) {
    static constexpr int kRegOffsets[] = {arch::kRip, arch::kRsp, arch::kRbp};
    VReg sp;
    for (int i = 0; i < 3; ++i) {
        VReg r = user_register(kRegOffsets[i]);
        f.store(8, base, static_cast<int16_t>(off + 8 * i), r);
        if (i == 1) sp = r;
    }
    VReg dst = f.vreg();
    f.mov(dst, base);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(off + 32));
    VReg rc = f.call_helper(bpf::helper::probe_read_user, {dst, static_cast<int64_t>(copy), sp});
    VReg len = f.vreg();
    f.mov(len, static_cast<int64_t>(copy));
    bpf::Label done = f.new_label();
    f.branch(Cond::Eq, rc, 0, done);
    f.mov(len, static_cast<int64_t>(0));
    uint32_t shorter = std::min(copy, kStackCopyShort);
    f.load(8, sp, base, static_cast<int16_t>(off + 8));
    f.mov(dst, base);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(off + 32));
    VReg rc2 = f.call_helper(bpf::helper::probe_read_user, {dst, static_cast<int64_t>(shorter), sp});
    f.branch(Cond::Ne, rc2, 0, done);
    f.mov(len, static_cast<int64_t>(shorter));
    f.bind(done);
    f.store(8, base, static_cast<int16_t>(off + 24), len);
}

Field ClauseGen::user_record_value(const sema::Node& n) {
    Field fld;
    fld.type_name = n.type->name;
    fld.offset = record_size;
    user_key_field(n.type, fld);
    if (n.subr != Subr::Ustack) {
        write_usym_datum(*this, n, record, fld.offset);
        record_size += fld.size;
        return fld;
    }
    write_ustack_datum(*this, static_cast<uint32_t>(n.value), record, fld.offset);
    add_unwind_tail(fld);
    return fld;
}

// Room for the stack copy after a user stack datum: what the record has left, less a margin for
// the clause's other data. Then the datum and its tail are part of the record. A later user
// stack of the record (ustackdepth and ustack() in one clause) shares the first one's copy, when
// that one is written whatever the firing (not under an if): one firing, one stack, unwound the
// same way for both.
void ClauseGen::add_unwind_tail(Field& fld) {
    if (shared_tail) {
        fld.unwind = true;
        fld.tail = shared_tail;
        record_size += fld.size;
        return;
    }
    uint32_t used = fld.offset + fld.size + 32;
    uint32_t room = used + kRecordMargin < ScratchLayout::kMaxRecord ? ScratchLayout::kMaxRecord - used - kRecordMargin : 0;
    uint32_t copy = std::min(room, kStackCopy) / 8 * 8;
    if (copy >= kStackCopyShort) {
        fld.unwind = true;
        write_unwind_tail(record, fld.offset + fld.size, copy);
        if (conditional_depth == 0) shared_tail = fld.offset + fld.size;
        fld.size += 32 + copy;
    }
    record_size += fld.size;
}

// ustackdepth recorded (traced, printed): the stack as ustack() records it, counted by the
// consumer as it unwinds ustack()'s frames, so that the two agree where the frame-pointer walk
// (all BPF has; ustackdepth in an expression) stops early, in code without frame pointers.
Field ClauseGen::ustack_depth_record() {
    Field fld;
    fld.kind = Field::Kind::UStack;
    fld.depth = true;
    fld.type_name = "uint32_t";
    fld.frames = ScratchLayout::kStackBytes / 8;
    if (g.opts.maxframes) fld.frames = std::min(fld.frames, g.opts.maxframes);
    fld.size = 16 + 8 * fld.frames;
    fld.offset = record_size;
    write_ustack_datum(*this, fld.frames, record, fld.offset);
    add_unwind_tail(fld);
    return fld;
}

// A ustack() key is the whole call chain, unwound in BPF from the files' CFI (gen_unwind.cpp), so
// that firings from one chain share a key and firings from different chains do not, with or
// without frame pointers.
void ClauseGen::user_key(const sema::Node& n, const Field& kf, VReg key) {
    if (kf.kind != Field::Kind::UStack) return write_usym_datum(*this, n, key, kf.offset);
    VReg pid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, pid, 32);
    f.store(8, key, static_cast<int16_t>(kf.offset), pid);
    VReg dst = f.vreg();
    f.mov(dst, key);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(kf.offset + 16));
    VReg bytes = unwind_user_stack(dst, kf.frames);
    f.store(8, key, static_cast<int16_t>(kf.offset + 8), bytes);
}

VReg ClauseGen::user_builtin(const sema::Node& n) {
    using sema::BuiltinVar;
    VReg r = f.vreg();
    switch (n.builtin) {
        case BuiltinVar::Ucaller:
        case BuiltinVar::Ustackdepth: {
            // The stack, whole (ustackdepth) or its first two frames (ucaller), in the scratch
            // room for one stack.
            bool depth = n.builtin == BuiltinVar::Ustackdepth;
            VReg buf = f.vreg();
            f.mov(buf, scratch);
            f.alu64(AluOp::Add, buf, static_cast<int64_t>(g.layout.stack));
            uint32_t most = ScratchLayout::kStackBytes / 8;
            if (g.opts.maxframes) most = std::min(most, g.opts.maxframes);
            VReg bytes = write_user_stack(buf, depth ? most : 2);
            if (depth) {
                f.mov(r, bytes);
                f.alu64(AluOp::Rsh, r, 3);
                return r;
            }
            return second_frame(bytes);
        }
        case BuiltinVar::Uregs: {
            const sema::Node& idx = *n.args.at(0);
            if (idx.kind == NodeKind::Int) {
                int off = arch::uregs_offset(static_cast<int64_t>(idx.value));
                if (off >= 0) return user_register(off);
                if (off == arch::kUregZero) {
                    f.mov(r, static_cast<int64_t>(0));
                    return r;
                }
                fault(abi::kFaultIllop, VReg{});
                return r;  // not reached
            }
            // A computed index: one test per register number.
            VReg i = value(idx);
            bpf::Label done = f.new_label(), bad = f.new_label();
            f.mov(r, static_cast<int64_t>(0));
            f.branch(Cond::Gt, i, static_cast<int64_t>(arch::uregs_last()), bad);  // unsigned: also < 0
            for (int64_t k = 0; k <= arch::uregs_last(); ++k) {
                int off = arch::uregs_offset(k);
                if (off < 0) continue;
                bpf::Label next = f.new_label();
                f.branch(Cond::Ne, i, k, next);
                f.mov(r, user_register(off));
                f.jump(done);
                f.bind(next);
            }
            f.jump(done);
            f.bind(bad);
            fault(abi::kFaultIllop, VReg{});
            f.bind(done);
            return r;
        }
        default: return VReg{};
    }
}

// The group's entries in the subroutine table (gen_subr_table.h): the user symbols' values are
// their addresses; the stacks and the kernel symbols are only recorded (record_value()).
std::vector<SubrEntry> ustack_subr_entries() {
    using N = const sema::Node&;
    auto address = [](ClauseGen& c, N n) { return c.value(*n.args[0]); };
    auto recorded_only = [](ClauseGen& c, N n) -> VReg {
        if (n.subr == Subr::Ustack)
            c.g.error("D_UNKNOWN", n.range,
                      "ustack( ) may only be traced, printed or used as an aggregation key");
        c.g.error("D_UNKNOWN", n.range,
                  "this subroutine is not yet supported by the code generator");
    };
    return {
        {Subr::Ufunc, address},         {Subr::Usym, address},
        {Subr::Umod, address},          {Subr::Uaddr, address},
        {Subr::Ustack, recorded_only}, {Subr::Stack, recorded_only},
        {Subr::Sym, recorded_only}, {Subr::Func, recorded_only}, {Subr::Mod, recorded_only},
    };
}

}  // namespace bdtrace::codegen
