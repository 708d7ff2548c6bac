// The process watch's programs (process_watch.h). Fields of structures the verifier knows the
// BTF type of (the tracepoint's arguments, the current task, its pt_regs) are plain loads, which
// it turns into reads that cannot fault; the file table's array cannot be indexed that way, so
// from the descriptor's slot on the reads go through bpf_probe_read_kernel.
#include <optional>

#include "bpf/helpers.h"
#include "codegen/process_watch.h"
#include "probes/tracepoint_guards.h"

namespace bdtrace::codegen::watch {

namespace {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

constexpr int64_t kNrMmap = 9;  // x86-64
constexpr int64_t kNoExist = 1;  // BPF_NOEXIST

struct Builder {
    bpf::Function& f;
    bpf::StackSlot tmp;
    bpf::Label out;

    explicit Builder(bpf::Function& fn) : f(fn), tmp(fn.alloc_stack(8)), out(fn.new_label()) {}

    // *(size *)(base + off) from kernel memory; leaves the program (returning 0) when the read
    // fails.
    VReg read(int size, VReg base, int32_t off) { return read_or(size, base, off, out); }

    // *(size *)(base + off) where base is a pointer the verifier knows the BTF type of: a plain
    // load, which it turns into a read that cannot fault (far cheaper than the helper).
    VReg field(int size, VReg base, int32_t off) {
        VReg v = f.vreg();
        f.load(size, v, base, static_cast<int16_t>(off));
        return v;
    }

    // From a struct file * the verifier knows (a BTF pointer): its device and inode, read with
    // plain loads.
    void report_file(const Offsets& o, VReg file, EventKind kind, VReg addr, bool every_event,
                     std::optional<VReg> held = {}) {
        f.branch(Cond::Eq, file, 0, out);
        VReg inode = field(8, file, o.file_inode);
        f.branch(Cond::Eq, inode, 0, out);
        VReg ino = field(8, inode, o.inode_ino);
        VReg sb = field(8, inode, o.inode_sb);
        f.branch(Cond::Eq, sb, 0, out);
        VReg dev = field(4, sb, o.sb_dev);
        finish(kind, dev, ino, addr, every_event, held);
    }

    // The seen set, then the report; the program ends here. `held` (when given) is 1 for a
    // process to stop: it is reported even if its file was seen, flagged kStopped, and stopped
    // once the report is in the ring.
    void finish(EventKind kind, VReg dev, VReg ino, VReg addr, bool every_event, std::optional<VReg> held = {}) {
        bpf::StackSlot ev = f.alloc_stack(sizeof(Event));
        f.store(8, ev, 8, dev);
        f.store(8, ev, 16, ino);
        bpf::Label report = f.new_label();
        if (!every_event) {
            if (held) f.branch(Cond::Ne, *held, 0, report);
            // A lookup first: an LRU map's update takes a free node (and its locks) before it
            // finds the key present, several times the cost of the lookup most events end at.
            VReg map = f.vreg(), key = f.vreg();
            f.load_map_fd(map, kSeenMap);
            f.addr_of(key, ev, 8);
            VReg seen = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
            f.branch(Cond::Ne, seen, 0, out);
            bpf::StackSlot one = f.alloc_stack(8);
            f.store(8, one, 0, static_cast<int64_t>(1));
            VReg val = f.vreg();
            f.load_map_fd(map, kSeenMap);
            f.addr_of(key, ev, 8);
            f.addr_of(val, one);
            VReg rc = f.call_helper(bpf::helper::map_update_elem, {map, key, val, kNoExist});
            f.branch(Cond::Ne, rc, 0, out);  // another CPU reported it first
        }
        f.bind(report);
        VReg tgid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
        f.alu64(AluOp::Rsh, tgid, 32);
        VReg tag = f.vreg();
        f.mov(tag, static_cast<int64_t>(kind));
        if (held) {
            VReg flag = f.vreg();
            f.mov(flag, *held);
            f.alu64(AluOp::Lsh, flag, 31);
            f.alu64(AluOp::Or, tag, flag);
        }
        f.store(4, ev, 0, tag);
        f.store(4, ev, 4, tgid);
        f.store(8, ev, 24, addr);
        VReg ring = f.vreg(), p = f.vreg();
        f.load_map_fd(ring, kEventsMap);
        f.addr_of(p, ev);
        VReg rc = f.call_helper(bpf::helper::ringbuf_output, {ring, p, static_cast<int64_t>(sizeof(Event)), 0});
        if (held) {
            // Only a process the consumer hears of is stopped: it is the one that continues it.
            f.branch(Cond::Ne, rc, 0, out);
            f.branch(Cond::Eq, *held, 0, out);
            f.call_helper(bpf::helper::send_signal, {19});  // SIGSTOP
        }
        f.bind(out);
        f.ret(0);
    }

    // 1 when the current process descends from `consumer` (up its real_parent chain, at most
    // kMaxDepth generations, to the idle task, its own parent), else 0. Kernel reads go through
    // the helper: a failed read ends the walk with 0.
    VReg descends_from(const Offsets& o, uint32_t consumer) {
        constexpr int64_t kMaxDepth = 64;
        VReg held = f.vreg();
        f.mov(held, static_cast<int64_t>(0));
        VReg t = f.call_helper(bpf::helper::get_current_task, {});
        VReg i = f.vreg();
        f.mov(i, static_cast<int64_t>(0));
        bpf::Label loop = f.new_label(), found = f.new_label(), done = f.new_label();
        f.bind(loop);
        f.branch(Cond::Ge, i, kMaxDepth, done);
        VReg parent = read_or(8, t, o.task_parent, done);
        f.branch(Cond::Eq, parent, 0, done);
        f.branch(Cond::Eq, parent, t, done);
        f.mov(t, parent);
        VReg tgid = read_or(4, t, o.task_tgid, done);
        f.branch(Cond::Eq, tgid, static_cast<int64_t>(consumer), found);
        f.alu64(AluOp::Add, i, 1);
        f.jump(loop);
        f.bind(found);
        f.mov(held, static_cast<int64_t>(1));
        f.bind(done);
        return held;
    }

    // *(size *)(base + off) from kernel memory; a failed read goes to `fail`.
    VReg read_or(int size, VReg base, int32_t off, bpf::Label fail) {
        VReg src = f.vreg(), dst = f.vreg();
        f.mov(src, base);
        if (off) f.alu64(AluOp::Add, src, static_cast<int64_t>(off));
        f.store(8, tmp, 0, static_cast<int64_t>(0));
        f.addr_of(dst, tmp);
        VReg rc = f.call_helper(bpf::helper::probe_read_kernel, {dst, size, src});
        f.branch(Cond::Ne, rc, 0, fail);
        VReg v = f.vreg();
        f.load(size, v, tmp, 0);
        return v;
    }
};

}  // namespace

std::optional<Offsets> kernel_offsets(const struct btf* vmlinux) {
    struct Want {
        int32_t Offsets::*field;
        const char* structure;
        const char* member;
    };
    static constexpr Want kWant[] = {
        {&Offsets::bprm_file, "linux_binprm", "file"},  {&Offsets::task_files, "task_struct", "files"},
        {&Offsets::files_fdt, "files_struct", "fdt"},   {&Offsets::fdt_max_fds, "fdtable", "max_fds"},
        {&Offsets::fdt_fd, "fdtable", "fd"},             {&Offsets::file_inode, "file", "f_inode"},
        {&Offsets::inode_ino, "inode", "i_ino"},         {&Offsets::inode_sb, "inode", "i_sb"},
        {&Offsets::sb_dev, "super_block", "s_dev"},      {&Offsets::regs_orig_ax, "pt_regs", "orig_ax"},
        {&Offsets::regs_r8, "pt_regs", "r8"},           {&Offsets::task_parent, "task_struct", "real_parent"},
        {&Offsets::task_tgid, "task_struct", "tgid"},
        {&Offsets::task_mm, "task_struct", "mm"},
        {&Offsets::mm_start_code, "mm_struct", "start_code"},
    };
    Offsets o{};
    for (const Want& w : kWant) {
        int64_t at = probes::struct_member_offset(vmlinux, w.structure, w.member);
        // mm_struct's fields sit in an unnamed struct (its randomised part).
        if (at < 0) at = probes::struct_member_offset(vmlinux, w.structure, std::string(".") + w.member);
        if (at < 0) return std::nullopt;
        o.*w.field = static_cast<int32_t>(at);
    }
    return o;
}

std::unique_ptr<bpf::Program> exec_program(const Offsets& o, bool every_event, uint32_t hold_for) {
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    Builder b(f);
    VReg bprm = b.field(8, f.param(0), 16);  // sched_process_exec(task, old_pid, bprm)
    f.branch(Cond::Eq, bprm, 0, b.out);
    std::optional<VReg> held;
    if (hold_for) held = b.descends_from(o, hold_for);
    VReg file = b.field(8, bprm, o.bprm_file);
    // The program's load address for an address space rebuilt after the process has gone
    // (process/user_symbols.h): binfmt_elf's start_code, the lowest executable segment's
    // address plus the load bias.
    VReg task = b.field(8, f.param(0), 0);
    VReg mm = b.field(8, task, o.task_mm);
    VReg start = f.vreg();
    f.mov(start, static_cast<int64_t>(0));
    bpf::Label no_mm = f.new_label();
    f.branch(Cond::Eq, mm, 0, no_mm);
    VReg code = b.field(8, mm, o.mm_start_code);
    f.mov(start, code);
    f.bind(no_mm);
    b.report_file(o, file, kExec, start, every_event, held);
    return prog;
}

std::unique_ptr<bpf::Program> mmap_program(const Offsets& o, bool every_event) {
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    Builder b(f);
    VReg addr = b.field(8, f.param(0), 0);  // vm_unmapped_area(addr, info): addr or -errno
    f.branch(Cond::Gt, addr, static_cast<int64_t>(-4096), b.out);
    VReg task = f.call_helper(bpf::helper::get_current_task_btf, {});
    VReg regs = f.call_helper(bpf::helper::task_pt_regs, {task});
    VReg nr = b.field(8, regs, o.regs_orig_ax);
    f.branch(Cond::Ne, nr, kNrMmap, b.out);
    VReg fd = b.field(8, regs, o.regs_r8);
    f.alu64(AluOp::Lsh, fd, 32);  // mmap()'s fd is an int: -1 for anonymous mappings
    f.alu64(AluOp::Arsh, fd, 32);
    f.branch(Cond::Slt, fd, 0, b.out);
    VReg cur = f.call_helper(bpf::helper::get_current_task_btf, {});
    VReg files = b.field(8, cur, o.task_files);
    f.branch(Cond::Eq, files, 0, b.out);
    VReg fdt = b.field(8, files, o.files_fdt);
    f.branch(Cond::Eq, fdt, 0, b.out);
    VReg max = b.field(4, fdt, o.fdt_max_fds);
    f.branch(Cond::Ge, fd, max, b.out);
    // fdt->fd[fd]: an array the verifier cannot index, read with the helper.
    VReg array = b.field(8, fdt, o.fdt_fd);
    VReg at = f.vreg();
    f.mov(at, fd);
    f.alu64(AluOp::Lsh, at, 3);
    VReg src = f.vreg();
    f.mov(src, array);
    f.alu64(AluOp::Add, src, at);
    VReg file = b.read(8, src, 0);
    // A plain number now: the file's fields are read with the helper too.
    VReg inode = b.read(8, file, o.file_inode);
    f.branch(Cond::Eq, inode, 0, b.out);
    VReg ino = b.read(8, inode, o.inode_ino);
    VReg sb = b.read(8, inode, o.inode_sb);
    VReg dev = b.read(4, sb, o.sb_dev);
    b.finish(kMmap, dev, ino, addr, every_event);
    return prog;
}

std::vector<WatchProgram> programs(const Offsets& o, bool every_event, uint32_t hold_for) {
    std::vector<WatchProgram> out;
    out.push_back(
        {"sched_process_exec", "dt_watch_exec", exec_program(o, every_event, hold_for), {}});
    out.push_back({"vm_unmapped_area", "dt_watch_mmap", mmap_program(o, every_event), {}});
    return out;
}

}  // namespace bdtrace::codegen::watch
