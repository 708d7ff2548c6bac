// Who the firing thread is. Probes normally take the current task; in the sdt program a probe
// may name another task (sched:::on-cpu: sched_switch runs in the leaving thread, but on-cpu
// belongs to the incoming one), left in abi::kScratchIdentity by the dispatch. tid, pid,
// curthread, execname and the key of self-> variables then read that task.
#include <algorithm>
#include <string>

#include "bpf/helpers.h"
#include "codegen/early_predicate.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

int64_t task_offset(Gen& g, const char* member) {
    const sema::Type* task = g.types.lookup_tag(sema::TypeKind::Struct, "task_struct");
    const sema::Member* m = task ? task->member(member) : nullptr;
    return m ? static_cast<int64_t>(m->offset_bits / 8) : -1;
}

}  // namespace

bool ClauseGen::may_swap_identity() const { return g.context.may_swap_identity; }

// Reads `size` bytes at task + offset into the scratch temp; returns the address of the copy.
static VReg read_task(bpf::Function& f, VReg scratch, VReg task, int64_t offset, int64_t size) {
    VReg dst = f.vreg();
    f.mov(dst, scratch);
    f.alu64(AluOp::Add, dst, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, dst, 0, 0);
    VReg src = f.vreg();
    f.mov(src, task);
    f.alu64(AluOp::Add, src, offset);
    f.call_helper(bpf::helper::probe_read_kernel, {dst, size, src});
    return dst;
}

VReg ClauseGen::current_pid_tgid() {
    VReg r = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    // Kernel types (vmlinux BTF) are read only where the identity may be another task's.
    if (!may_swap_identity()) return r;
    int64_t pid_off = task_offset(g, "pid"), tgid_off = task_offset(g, "tgid");
    if (pid_off < 0 || tgid_off < 0) return r;
    VReg task = f.vreg();
    f.load(8, task, scratch, abi::kScratchIdentity);
    bpf::Label done = f.new_label();
    f.branch(Cond::Eq, task, 0, done);
    VReg tmp = read_task(f, scratch, task, tgid_off, 4);
    f.load(4, r, tmp, 0);
    f.alu64(AluOp::Lsh, r, 32);
    tmp = read_task(f, scratch, task, pid_off, 4);
    VReg lo = f.vreg();
    f.load(4, lo, tmp, 0);
    f.alu64(AluOp::Or, r, lo);
    f.bind(done);
    return r;
}

VReg ClauseGen::current_task() {
    VReg r = f.call_helper(bpf::helper::get_current_task, {});
    if (!may_swap_identity()) return r;
    VReg task = f.vreg();
    f.load(8, task, scratch, abi::kScratchIdentity);
    bpf::Label done = f.new_label();
    f.branch(Cond::Eq, task, 0, done);
    f.mov(r, task);
    f.bind(done);
    return r;
}

void ClauseGen::current_comm(VReg dst) {
    f.call_helper(bpf::helper::get_current_comm, {dst, 16});
    if (!may_swap_identity()) return;
    int64_t comm_off = task_offset(g, "comm");
    if (comm_off < 0) return;
    VReg task = f.vreg();
    f.load(8, task, scratch, abi::kScratchIdentity);
    bpf::Label done = f.new_label();
    f.branch(Cond::Eq, task, 0, done);
    f.alu64(AluOp::Add, task, comm_off);
    f.call_helper(bpf::helper::probe_read_kernel, {dst, 16, task});
    f.bind(done);
}

// execname == "name" (or !=) for a name of at most 15 characters: the task's 16 comm bytes on
// the stack, compared as two words against the name and its NUL (the bytes past the NUL are
// masked off), instead of the general string comparison's loop over strsize characters.
bool ClauseGen::execname_literal_branch(const sema::Node& n, bpf::Label target, bool negate) {
    const sema::Node* name = execname_literal(n, g.strsize);
    if (!name) return false;
    bpf::StackSlot slot = f.alloc_stack(Gen::kCommBytes);
    VReg comm = f.vreg();
    f.addr_of(comm, slot);
    current_comm(comm);
    const bool jump_if_equal = (n.op == sema::Op::Eq) != negate;
    bpf::Label differ = jump_if_equal ? f.new_label() : target;
    const size_t bytes = name->text.size() + 1;  // with its NUL
    for (size_t word = 0; word * 8 < bytes; ++word) {
        const size_t here = std::min<size_t>(bytes - word * 8, 8);
        uint64_t want = 0, mask = 0;
        for (size_t i = 0; i < here; ++i) {
            const size_t at = word * 8 + i;
            const auto c = static_cast<uint8_t>(at < name->text.size() ? name->text[at] : 0);
            want |= uint64_t{c} << (8 * i);
            mask |= uint64_t{0xff} << (8 * i);
        }
        VReg got = f.vreg();
        f.load(8, got, comm, static_cast<int16_t>(8 * word));
        if (here < 8) {
            VReg m = f.vreg();
            f.mov(m, static_cast<int64_t>(mask));
            f.alu64(AluOp::And, got, m);
        }
        VReg w = f.vreg();
        f.mov(w, static_cast<int64_t>(want));
        f.branch(Cond::Ne, got, w, differ);
    }
    if (jump_if_equal) {
        f.jump(target);
        f.bind(differ);
    }
    return true;
}

VReg ClauseGen::current_uid_gid() {
    VReg r = f.call_helper(bpf::helper::get_current_uid_gid, {});
    if (!may_swap_identity()) return r;
    int64_t cred_off = task_offset(g, "cred");
    const sema::Type* cred = g.types.lookup_tag(sema::TypeKind::Struct, "cred");
    const sema::Member* uid = cred ? cred->member("uid") : nullptr;
    const sema::Member* gid = cred ? cred->member("gid") : nullptr;
    if (cred_off < 0 || !uid || !gid) return r;
    VReg task = f.vreg();
    f.load(8, task, scratch, abi::kScratchIdentity);
    bpf::Label done = f.new_label();
    f.branch(Cond::Eq, task, 0, done);
    // The task's credentials (its real ids, as the helper gives the current task's).
    VReg tmp = read_task(f, scratch, task, cred_off, 8);
    VReg c = f.vreg();
    f.load(8, c, tmp, 0);
    tmp = read_task(f, scratch, c, static_cast<int64_t>(gid->offset_bits / 8), 4);
    f.load(4, r, tmp, 0);
    f.alu64(AluOp::Lsh, r, 32);
    tmp = read_task(f, scratch, c, static_cast<int64_t>(uid->offset_bits / 8), 4);
    VReg lo = f.vreg();
    f.load(4, lo, tmp, 0);
    f.alu64(AluOp::Or, r, lo);
    f.bind(done);
    return r;
}

}  // namespace bdtrace::codegen
