// __d_path(dentry, vfsmount, offsets...): the D system library's path of a dentry, for
// fileinfo_t's fi_pathname and fi_mount and for cwd (dlib/d/path.d). BPF cannot call the
// kernel's d_path() from these programs, so the walk is done here: up the dentries' d_parent,
// crossing into the parent mount at a mount's root, at most kDepth steps. The names are written
// from the end of a work buffer backwards, then copied to the start of the result.
//
// The struct layouts come from the library as constant arguments (offsetof on the kernel's
// BTF), so that the kernel's version differences stay in D:
//   2 d_parent in dentry, 3 d_name.name, 4 d_name.len, 5 mnt in mount, 6 mnt_parent in mount,
//   7 mnt_mountpoint in mount, 8 mnt_root in vfsmount.
// A walk that does not reach the root within kDepth steps, or a path longer than strsize,
// gives the part found so far after "??".
#include "bpf/helpers.h"
#include "codegen/gen.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

namespace {

constexpr int kDepth = 24;

// Reads `size` bytes of kernel memory at addr + off; 0 when the read fails.
VReg kread(ClauseGen& c, VReg addr, int64_t off, int size) {
    bpf::Function& f = c.f;
    VReg at = f.vreg();
    f.mov(at, addr);
    if (off) f.alu64(AluOp::Add, at, off);
    VReg tmp = f.vreg();
    f.mov(tmp, c.scratch);
    f.alu64(AluOp::Add, tmp, static_cast<int64_t>(abi::kScratchTemp));
    f.store(8, tmp, 0, static_cast<int64_t>(0));
    f.call_helper(bpf::helper::probe_read_kernel, {tmp, static_cast<int64_t>(size), at});
    VReg v = f.vreg();
    f.load(size, v, tmp, 0);
    return v;
}

}  // namespace

VReg d_path(ClauseGen& c, const sema::Node& n) {
    bpf::Function& f = c.f;
    int64_t off[9] = {};
    for (size_t i = 2; i < 9 && i < n.args.size(); ++i)
        off[i] = static_cast<int64_t>(n.args[i]->value);
    const int64_t last = static_cast<int64_t>(c.g.strsize) - 1;  // the work buffer's NUL
    VReg d = f.vreg(), vm = f.vreg(), m = f.vreg(), root = f.vreg(), pos = f.vreg();
    f.mov(d, c.value(*n.args[0]));
    f.mov(vm, c.value(*n.args[1]));
    f.mov(m, vm);
    f.alu64(AluOp::Sub, m, off[5]);
    f.mov(root, kread(c, vm, off[8], 8));
    VReg work = c.string_temp();
    VReg end = f.vreg();
    f.mov(end, work);
    f.alu64(AluOp::Add, end, last);
    f.store(1, end, 0, static_cast<int64_t>(0));
    f.mov(pos, last);
    bpf::Label finish = f.new_label(), cut = f.new_label();
    for (int i = 0; i < kDepth; ++i) {
        bpf::Label next = f.new_label(), name = f.new_label();
        f.branch(Cond::Ne, d, root, name);
        // A mount's root: continue from where it is mounted, unless it is the top mount.
        VReg parent = kread(c, m, off[6], 8);
        f.branch(Cond::Eq, parent, m, finish);
        f.branch(Cond::Eq, parent, 0, finish);
        f.mov(d, kread(c, m, off[7], 8));
        f.mov(m, parent);
        f.mov(vm, m);
        f.alu64(AluOp::Add, vm, off[5]);
        f.mov(root, kread(c, vm, off[8], 8));
        f.jump(next);
        f.bind(name);
        VReg up = kread(c, d, off[2], 8);
        f.branch(Cond::Eq, up, d, finish);  // the root of a file system mounted nowhere
        f.branch(Cond::Eq, up, 0, finish);
        VReg len = kread(c, d, off[4], 4);
        VReg text = kread(c, d, off[3], 8);
        // Room for "/name" before pos, and bounds the verifier can follow.
        f.branch(Cond::Eq, len, 0, cut);
        f.branch(Cond::Gt, len, last - 1, cut);
        f.alu64(AluOp::Sub, pos, len);
        f.branch(Cond::Sle, pos, 0, cut);
        f.branch(Cond::Sgt, pos, last, cut);
        VReg dst = f.vreg();
        f.mov(dst, work);
        f.alu64(AluOp::Add, dst, pos);
        f.call_helper(bpf::helper::probe_read_kernel, {dst, len, text});
        f.alu64(AluOp::Sub, pos, 1);
        VReg slash = f.vreg();
        f.mov(slash, work);
        f.alu64(AluOp::Add, slash, pos);
        f.store(1, slash, 0, static_cast<int64_t>('/'));
        f.mov(d, up);
        f.bind(next);
    }
    f.jump(cut);
    bpf::Label done = f.new_label();
    f.bind(finish);
    {
        // The root itself is "/".
        bpf::Label has = f.new_label();
        f.branch(Cond::Ne, pos, last, has);
        f.alu64(AluOp::Sub, pos, 1);
        VReg slash = f.vreg();
        f.mov(slash, end);
        f.alu64(AluOp::Sub, slash, 1);
        f.store(1, slash, 0, static_cast<int64_t>('/'));
        f.bind(has);
        f.jump(done);
    }
    f.bind(cut);
    {
        // Not complete: "??" stands for the part not reached.
        bpf::Label room = f.new_label();
        f.branch(Cond::Sge, pos, 2, room);
        f.mov(pos, 2);
        f.bind(room);
        f.branch(Cond::Sgt, pos, last, done);
        f.alu64(AluOp::Sub, pos, 2);
        VReg mark = f.vreg();
        f.mov(mark, work);
        f.alu64(AluOp::Add, mark, pos);
        f.store(1, mark, 0, static_cast<int64_t>('?'));
        f.store(1, mark, 1, static_cast<int64_t>('?'));
    }
    f.bind(done);
    VReg out = c.string_temp();
    f.store(1, out, 0, static_cast<int64_t>(0));
    bpf::Label empty = f.new_label();
    f.branch(Cond::Sgt, pos, last, empty);
    f.branch(Cond::Slt, pos, 0, empty);
    VReg src = f.vreg();
    f.mov(src, work);
    f.alu64(AluOp::Add, src, pos);
    f.call_helper(bpf::helper::probe_read_kernel_str,
                  {out, static_cast<int64_t>(c.g.strsize), src});
    f.bind(empty);
    return out;
}

}  // namespace bdtrace::codegen
