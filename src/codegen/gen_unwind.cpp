// User stacks unwound in BPF, for ustack() aggregation keys: the key must be the whole call
// chain when the probe fires, since the map counts firings by key, and code built without frame
// pointers (Debian's libc, any -O2 program) defeats the kernel's frame-pointer walk after the
// first frame. The consumer flattens each executable file's .eh_frame into sorted rows of simple
// rules (process/cfi_table.h) in abi::kUnwindRowsMap and lists each process's executable
// mappings with their rows and bias in abi::kUnwindPidMap (runtime/unwind_tables.cpp). Here a
// bpf_loop steps one frame per iteration:
//   - the PC's mapping (binary search over the process's sorted mappings; the first frame looks
//     up the PC itself, the others the return address less one: the call);
//   - the rule for the PC's file address (binary search over the file's rows);
//   - CFA = rsp or rbp + offset (or the PLT expression), return address at CFA - 8, rbp
//     unchanged or reloaded from its slot, rsp = CFA;
//   - where there is no rule (a file without CFI, code in an anonymous mapping) the frame
//     pointer is followed, as the kernel's walk would; a process the tables do not know yet,
//     or a PC in none of its mappings, asks the consumer to load it (kUnwindPendingMap keeps the
//     request to one until it is served, kUnwindNoticeMap carries it) and is walked by frame
//     pointers meanwhile;
//   - the outermost frame (_start: its return address is undefined) and rules the unwinder
//     does not apply (signal frames) end the stack.
// The binary searches are unrolled (a bounded number of steps) and keep their bounds in the
// scratch area, where the verifier does not follow their values: each step then adds a few
// states to its walk, not a doubling.
#include <functional>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "process/cfi_table.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::Label;
using bpf::VReg;

namespace {

constexpr int16_t kPtRegsIp = 128, kPtRegsSp = 152, kPtRegsBp = 32;
constexpr int64_t kNoExist = 1;  // BPF_NOEXIST

// The unwinder's state, in a stack area of the clause passed to the callback.
enum Field : int16_t { kPc = 0, kSp = 8, kBp = 16, kDst = 24, kProc = 32, kCount = 40, kTgid = 48, kScratch = 56 };
constexpr uint32_t kStateBytes = 64;

// Asks the consumer to load process `tgid` (once until it has): kUnwindPendingMap, then a
// notice (abi::kUnwindNoticeLoad). `key` is 8 bytes of stack to build the key and the notice in.
void request_process(bpf::Function& f, VReg tgid, bpf::StackSlot key, bpf::StackSlot zero) {
    f.store(8, key, 0, static_cast<int64_t>(0));
    f.store(4, key, 0, tgid);
    f.store(8, zero, 0, static_cast<int64_t>(0));
    VReg map = f.vreg(), k = f.vreg(), z = f.vreg();
    f.load_map_fd(map, abi::kUnwindPendingMap);
    f.addr_of(k, key);
    f.addr_of(z, zero);
    VReg rc = f.call_helper(bpf::helper::map_update_elem, {map, k, z, kNoExist});
    Label done = f.new_label();
    f.branch(Cond::Ne, rc, 0, done);
    VReg ring = f.vreg();
    f.load_map_fd(ring, abi::kUnwindNoticeMap);
    f.addr_of(k, key);
    f.store(4, key, 4, static_cast<int64_t>(abi::kUnwindNoticeLoad));
    f.call_helper(bpf::helper::ringbuf_output, {ring, k, 8, 0});
    f.bind(done);
}

// The loop body: one frame (see the file comment). Returns 1 to end the walk. `area`: the
// scratch offset of three words for the searches' bounds and the reads of user memory.
void unwind_step(bpf::Function& f, uint32_t frames, int16_t area) {
    const int16_t kRead = area, kLo = static_cast<int16_t>(area + 8), kHi = static_cast<int16_t>(area + 16);
    VReg index = f.param(0), st = f.param(1);
    Label stop = f.new_label(), fp = f.new_label(), miss = f.new_label();
    auto get = [&](Field fld) {
        VReg r = f.vreg();
        f.load(8, r, st, fld);
        return r;
    };
    // The searches keep their bounds in the scratch area, not in registers: a value loaded from
    // a map is unknown to the verifier, so the paths through each step end in the same state
    // and the unrolled search costs it a few states per step, not one per path.
    auto mem_get = [&](int16_t at) {
        VReg s = get(kScratch), r = f.vreg();
        f.load(8, r, s, at);
        return r;
    };
    auto mem_set = [&](int16_t at, bpf::Operand v) {
        VReg s = get(kScratch);
        f.store(8, s, at, v);
    };
    // *(u64 *)addr in user memory; to `fail` when it cannot be read.
    auto read_user = [&](VReg addr, Label fail) {
        VReg s = get(kScratch), dst = f.vreg();
        f.mov(dst, s);
        f.alu64(AluOp::Add, dst, static_cast<int64_t>(kRead));
        f.store(8, dst, 0, static_cast<int64_t>(0));
        VReg rc = f.call_helper(bpf::helper::probe_read_user, {dst, 8, addr});
        f.branch(Cond::Ne, rc, 0, fail);
        return mem_get(kRead);
    };
    // Binary search for the last element whose key <= `value` among [0, count): `key_of`
    // gives an element's key (or jumps away); the result, in [0, count], is one past it.
    auto search = [&](VReg count, uint32_t steps, const std::function<VReg(VReg)>& key_of, VReg value) {
        mem_set(kLo, 0);
        mem_set(kHi, count);
        Label done = f.new_label();
        for (uint32_t step = 0; step < steps; ++step) {
            VReg lo = mem_get(kLo), hi = mem_get(kHi);
            f.branch(Cond::Ge, lo, hi, done);
            VReg mid = f.vreg();
            f.mov(mid, lo);
            f.alu64(AluOp::Add, mid, hi);
            f.alu64(AluOp::Rsh, mid, 1);
            VReg k = key_of(mid);
            Label left = f.new_label(), next = f.new_label();
            f.branch(Cond::Lt, value, k, left);
            f.alu64(AluOp::Add, mid, 1);
            mem_set(kLo, mid);
            f.jump(next);
            f.bind(left);
            mem_set(kHi, mid);
            f.bind(next);
        }
        f.bind(done);
        return mem_get(kLo);
    };

    // This frame's PC goes into the key.
    VReg pc = get(kPc);
    f.branch(Cond::Eq, pc, 0, stop);
    f.branch(Cond::Ge, index, static_cast<int64_t>(frames), stop);
    VReg slot = f.vreg();
    f.mov(slot, index);
    f.alu64(AluOp::Lsh, slot, 3);
    VReg dst = get(kDst);
    f.alu64(AluOp::Add, dst, slot);
    f.store(8, dst, 0, pc);
    VReg count = f.vreg();
    f.mov(count, index);
    f.alu64(AluOp::Add, count, 1);
    f.store(8, st, kCount, count);
    if (frames == 1) {
        f.ret(1);
        f.bind(stop);
        f.ret(1);
        return;
    }

    // The address whose rule applies: the PC in the first frame, the call before a return address.
    VReg look = f.vreg();
    f.mov(look, pc);
    Label first = f.new_label();
    f.branch(Cond::Eq, index, 0, first);
    f.alu64(AluOp::Sub, look, 1);
    f.bind(first);

    // The mapping holding it.
    VReg proc = get(kProc);
    f.branch(Cond::Eq, proc, 0, fp);
    VReg n = f.vreg();
    f.load(4, n, proc, 0);
    constexpr int16_t base = offsetof(abi::UnwindProcess, mappings);
    // The mapping at index i (masked: the verifier sees the offset bounded).
    auto mapping = [&](VReg i) {
        VReg at = f.vreg();
        f.mov(at, i);
        f.alu64(AluOp::And, at, static_cast<int64_t>(abi::kUnwindMappings - 1));
        f.alu64(AluOp::Mul, at, static_cast<int64_t>(sizeof(abi::UnwindMapping)));
        VReg e = get(kProc);
        f.alu64(AluOp::Add, e, at);
        return e;
    };
    VReg lo = search(n, abi::kUnwindMappingSearch, [&](VReg mid) {
        VReg start = f.vreg();
        f.load(8, start, mapping(mid), base + offsetof(abi::UnwindMapping, start));
        return start;
    }, look);
    f.branch(Cond::Eq, lo, 0, miss);
    f.alu64(AluOp::Sub, lo, 1);
    VReg m = mapping(lo);
    VReg end = f.vreg(), bias = f.vreg(), rstart = f.vreg(), rcount = f.vreg();
    f.load(8, end, m, base + offsetof(abi::UnwindMapping, end));
    f.branch(Cond::Ge, look, end, miss);
    f.load(8, bias, m, base + offsetof(abi::UnwindMapping, bias));
    f.load(4, rstart, m, base + offsetof(abi::UnwindMapping, row_start));
    f.load(4, rcount, m, base + offsetof(abi::UnwindMapping, row_count));
    VReg addr = f.vreg();
    f.mov(addr, look);
    f.alu64(AluOp::Sub, addr, bias);

    // The last row starting at or below addr.
    bpf::StackSlot key = f.alloc_stack(8);
    auto row_at = [&](VReg index_in_table, Label none) {
        VReg k = f.vreg(), map = f.vreg();
        f.store(8, key, 0, static_cast<int64_t>(0));
        f.store(4, key, 0, index_in_table);
        f.load_map_fd(map, abi::kUnwindRowsMap);
        f.addr_of(k, key);
        VReg row = f.call_helper(bpf::helper::map_lookup_elem, {map, k});
        f.branch(Cond::Eq, row, 0, none);
        return row;
    };
    VReg at_row = search(rcount, abi::kUnwindRowSearch, [&](VReg mid) {
        VReg i = f.vreg();
        f.mov(i, mid);
        f.alu64(AluOp::Add, i, rstart);
        VReg start = f.vreg();
        f.load(4, start, row_at(i, fp), 0);
        return start;
    }, addr);
    f.branch(Cond::Eq, at_row, 0, fp);
    f.alu64(AluOp::Sub, at_row, 1);
    f.alu64(AluOp::Add, at_row, rstart);
    VReg row = row_at(at_row, fp);
    VReg rule = f.vreg();
    f.load(4, rule, row, 4);

    // The rule.
    VReg kind = f.vreg();
    f.mov(kind, rule);
    f.alu64(AluOp::And, kind, 7);
    f.branch(Cond::Eq, kind, static_cast<int64_t>(process::CfaKind::None), fp);
    VReg off = f.vreg();
    f.mov(off, rule);
    f.alu64(AluOp::Rsh, off, static_cast<int64_t>(process::kCfaOffsetShift));
    VReg sp = get(kSp), cfa = f.vreg();
    Label have_cfa = f.new_label(), not_rsp = f.new_label(), not_rbp = f.new_label();
    f.branch(Cond::Ne, kind, static_cast<int64_t>(process::CfaKind::Rsp), not_rsp);
    f.mov(cfa, sp);
    f.alu64(AluOp::Add, cfa, off);
    f.jump(have_cfa);
    f.bind(not_rsp);
    f.branch(Cond::Ne, kind, static_cast<int64_t>(process::CfaKind::Rbp), not_rbp);
    f.mov(cfa, get(kBp));
    f.alu64(AluOp::Add, cfa, off);
    f.jump(have_cfa);
    f.bind(not_rbp);
    f.branch(Cond::Ne, kind, static_cast<int64_t>(process::CfaKind::Plt), stop);  // outermost, or unsupported
    // rsp + 8, and 8 more once the entry has pushed (rip & 15 >= N).
    VReg low = f.vreg(), extra = f.vreg();
    f.mov(low, pc);
    f.alu64(AluOp::And, low, 15);
    f.mov(extra, static_cast<int64_t>(8));
    Label pushed = f.new_label();
    f.branch(Cond::Ge, low, off, pushed);
    f.mov(extra, static_cast<int64_t>(0));
    f.bind(pushed);
    f.mov(cfa, sp);
    f.alu64(AluOp::Add, cfa, 8);
    f.alu64(AluOp::Add, cfa, extra);
    f.bind(have_cfa);
    // The stack grows down: a caller's frame is above its callee's.
    Label up = f.new_label();
    f.branch(Cond::Eq, index, 0, up);
    f.branch(Cond::Le, cfa, sp, stop);
    f.bind(up);
    VReg ra_at = f.vreg();
    f.mov(ra_at, cfa);
    f.alu64(AluOp::Sub, ra_at, 8);
    VReg ra = read_user(ra_at, stop);
    VReg rbp_kind = f.vreg();
    f.mov(rbp_kind, rule);
    f.alu64(AluOp::Rsh, rbp_kind, 3);
    f.alu64(AluOp::And, rbp_kind, 3);
    Label rbp_done = f.new_label(), not_saved = f.new_label();
    f.branch(Cond::Ne, rbp_kind, static_cast<int64_t>(process::RbpKind::Saved), not_saved);
    VReg slot8 = f.vreg();
    f.mov(slot8, rule);
    f.alu64(AluOp::Rsh, slot8, 5);
    f.alu64(AluOp::And, slot8, 0xff);
    f.alu64(AluOp::Lsh, slot8, 3);
    VReg bp_at = f.vreg();
    f.mov(bp_at, cfa);
    f.alu64(AluOp::Sub, bp_at, slot8);
    Label bp_unread = f.new_label();
    VReg bp = read_user(bp_at, bp_unread);
    f.store(8, st, kBp, bp);
    f.jump(rbp_done);
    f.bind(bp_unread);
    f.store(8, st, kBp, 0);
    f.jump(rbp_done);
    f.bind(not_saved);
    f.branch(Cond::Ne, rbp_kind, static_cast<int64_t>(process::RbpKind::Undefined), rbp_done);
    f.store(8, st, kBp, 0);
    f.bind(rbp_done);
    f.store(8, st, kPc, ra);
    f.store(8, st, kSp, cfa);
    f.ret(0);

    // A PC in none of the process's mappings: a library mapped since its tables were read.
    f.bind(miss);
    {
        bpf::StackSlot k = f.alloc_stack(8), z = f.alloc_stack(8);
        request_process(f, get(kTgid), k, z);
    }
    // No rule: the frame pointer, as the kernel's walk.
    f.bind(fp);
    VReg fbp = get(kBp);
    f.branch(Cond::Eq, fbp, 0, stop);
    Label above = f.new_label();
    f.branch(Cond::Eq, index, 0, above);
    f.branch(Cond::Lt, fbp, get(kSp), stop);
    f.bind(above);
    VReg fra_at = f.vreg();
    f.mov(fra_at, fbp);
    f.alu64(AluOp::Add, fra_at, 8);
    VReg fra = read_user(fra_at, stop);
    VReg nbp = read_user(get(kBp), stop);
    VReg nsp = get(kBp);
    f.alu64(AluOp::Add, nsp, 16);
    f.store(8, st, kPc, fra);
    f.store(8, st, kSp, nsp);
    f.store(8, st, kBp, nbp);
    f.ret(0);

    f.bind(stop);
    f.ret(1);
}

}  // namespace

VReg ClauseGen::unwind_user_stack(VReg dst, uint32_t frames) {
    g.unwind_keys = true;
    if (!unwind_area) unwind_area = f.alloc_stack(kStateBytes);
    bpf::StackSlot state = *unwind_area;
    VReg ip = user_register(kPtRegsIp);
    f.store(8, state, kPc, ip);
    VReg sp = user_register(kPtRegsSp);
    f.store(8, state, kSp, sp);
    VReg bp = user_register(kPtRegsBp);
    f.store(8, state, kBp, bp);
    f.store(8, state, kDst, dst);
    f.store(8, state, kCount, static_cast<int64_t>(0));
    f.store(8, state, kScratch, scratch);
    VReg tgid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, tgid, 32);
    f.store(8, state, kTgid, tgid);
    // The process's tables, or a request for them.
    bpf::StackSlot key = f.alloc_stack(8), zero = f.alloc_stack(8);
    f.store(8, key, 0, static_cast<int64_t>(0));
    f.store(4, key, 0, tgid);
    VReg map = f.vreg(), k = f.vreg();
    f.load_map_fd(map, abi::kUnwindPidMap);
    f.addr_of(k, key);
    VReg proc = f.call_helper(bpf::helper::map_lookup_elem, {map, k});
    f.store(8, state, kProc, static_cast<int64_t>(0));
    Label known = f.new_label(), walk = f.new_label();
    f.branch(Cond::Ne, proc, 0, known);
    f.load(8, tgid, state, kTgid);
    request_process(f, tgid, key, zero);
    f.jump(walk);
    f.bind(known);
    f.store(8, state, kProc, proc);
    f.bind(walk);

    // One callback per key size (its bound on the frames written is a constant); its
    // temporaries are in the scratch room for one stack (unused while a key is built).
    std::string name = "ustack_unwind" + std::to_string(frames);
    auto cache_key = std::make_pair(static_cast<const bpf::Program*>(g.ir), name);
    bpf::FunctionId cb;
    if (auto it = g.string_callbacks.find(cache_key); it != g.string_callbacks.end()) {
        cb = it->second;
    } else {
        g.chill_callback();  // bpf_loop's callback needs BTF func_info: this turns it on
        bpf::Function& fn = g.ir->add_function(name, 2);  // bpf_loop: (index, context)
        unwind_step(fn, frames, static_cast<int16_t>(g.layout.stack));
        cb = fn.id();
        g.string_callbacks[cache_key] = cb;
    }
    VReg fnp = f.vreg(), statep = f.vreg();
    f.load_func(fnp, cb);
    f.addr_of(statep, state);
    f.call_helper(bpf::helper::loop, {static_cast<int64_t>(frames), fnp, statep, 0});
    VReg bytes = f.vreg();
    f.load(8, bytes, state, kCount);
    f.alu64(AluOp::Lsh, bytes, 3);
    return bytes;
}

// On sched_process_exec (tp_btf): the process runs a new image, so its mappings are gone; the
// next firing in it asks for them again, and the consumer, told of the exec
// (abi::kUnwindNoticeExec), serves that request at once.
std::unique_ptr<bpf::Program> unwind_exec_program() {
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    VReg tgid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, tgid, 32);
    bpf::StackSlot key = f.alloc_stack(8);
    f.store(8, key, 0, static_cast<int64_t>(0));
    f.store(4, key, 0, tgid);
    VReg map = f.vreg(), k = f.vreg();
    f.load_map_fd(map, abi::kUnwindPidMap);
    f.addr_of(k, key);
    VReg rc = f.call_helper(bpf::helper::map_delete_elem, {map, k});
    Label done = f.new_label();
    f.branch(Cond::Ne, rc, 0, done);  // a process the tables did not know
    f.store(4, key, 4, static_cast<int64_t>(abi::kUnwindNoticeExec));
    VReg ring = f.vreg();
    f.load_map_fd(ring, abi::kUnwindNoticeMap);
    f.addr_of(k, key);
    f.call_helper(bpf::helper::ringbuf_output, {ring, k, 8, 0});
    f.bind(done);
    f.ret(0);
    return prog;
}

}  // namespace bdtrace::codegen
