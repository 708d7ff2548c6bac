// The library watch's program (ProgramSet::notice_program): attached to the dynamic linker's
// hook of each traced process, it tells the consumer when the process has finished loading or
// unloading objects, so that pid descriptions are matched again in the new libraries. The
// cookie holds the process's r_debug address, and its top bit asks for the process to be
// stopped until the consumer has attached (used for processes bdtrace created, whose parent it
// is: a stop cannot surprise a shell's job control).
#include "bpf/helpers.h"
#include "codegen/codegen.h"
#include "process/rtld.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;

std::unique_ptr<bpf::Program> notice_program() {
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    VReg ctx = f.param(0);
    VReg cookie = f.call_helper(bpf::helper::get_attach_cookie, {ctx});
    VReg addr = f.vreg();
    f.mov(addr, cookie);
    f.alu64(AluOp::Lsh, addr, 1);
    f.alu64(AluOp::Rsh, addr, 1);
    f.alu64(AluOp::Add, addr, static_cast<int64_t>(process::kRDebugStateOffset));
    bpf::StackSlot buf = f.alloc_stack(8);
    f.store(8, buf, 0, static_cast<int64_t>(0));
    VReg bufp = f.vreg();
    f.addr_of(bufp, buf);
    // RT_ADD and RT_DELETE announce a change; only RT_CONSISTENT follows it.
    VReg rc = f.call_helper(bpf::helper::probe_read_user, {bufp, 4, addr});
    bpf::Label report = f.new_label();
    f.branch(Cond::Ne, rc, 0, report);
    VReg state = f.vreg();
    f.load(4, state, bufp, 0);
    f.branch(Cond::Eq, state, static_cast<int64_t>(process::kRtConsistent), report);
    f.ret(0);
    f.bind(report);
    VReg tgid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, tgid, 32);
    f.store(8, buf, 0, tgid);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kNoticeMap);
    f.addr_of(bufp, buf);
    f.call_helper(bpf::helper::ringbuf_output, {map, bufp, 8, 0});
    bpf::Label done = f.new_label();
    VReg again = f.call_helper(bpf::helper::get_attach_cookie, {ctx});
    f.branch(Cond::Sge, again, 0, done);
    f.call_helper(bpf::helper::send_signal, {19});  // SIGSTOP
    f.bind(done);
    f.ret(0);
    return prog;
}

}  // namespace bdtrace::codegen

namespace bdtrace::codegen {

// The exec watch: on sched_process_exec, before the new program runs an instruction, the
// process's id goes to abi::kNoticeMap with kExecNotice set; a descendant of `consumer` (the
// dtrace process: commands its system() runs, and theirs) is stopped (SIGSTOP) until the
// consumer has attached the probes its file carries, and kExecStopped says so. Others run on.
std::unique_ptr<bpf::Program> exec_notice_program(uint32_t consumer, int64_t parent_off, int64_t tgid_off) {
    constexpr int64_t kMaxDepth = 64;
    auto prog = std::make_unique<bpf::Program>();
    bpf::Function& f = prog->add_function("entry");
    bpf::StackSlot buf = f.alloc_stack(8);
    VReg bufp = f.vreg();
    VReg tgid = f.call_helper(bpf::helper::get_current_pid_tgid, {});
    f.alu64(AluOp::Rsh, tgid, 32);
    VReg stop = f.vreg();
    f.mov(stop, static_cast<int64_t>(0));
    bpf::Label done = f.new_label();
    if (parent_off >= 0 && tgid_off >= 0) {
        // Up the real_parent chain from the process's parent to the idle task (its own parent).
        VReg t = f.call_helper(bpf::helper::get_current_task, {});
        VReg i = f.vreg(), field = f.vreg(), v = f.vreg();
        f.mov(i, static_cast<int64_t>(0));
        bpf::Label loop = f.new_label(), found = f.new_label();
        f.bind(loop);
        f.branch(Cond::Ge, i, kMaxDepth, done);
        f.store(8, buf, 0, static_cast<int64_t>(0));
        f.addr_of(bufp, buf);
        f.mov(field, t);
        f.alu64(AluOp::Add, field, parent_off);
        VReg rc = f.call_helper(bpf::helper::probe_read_kernel, {bufp, 8, field});
        f.branch(Cond::Ne, rc, 0, done);
        f.load(8, v, bufp, 0);
        f.branch(Cond::Eq, v, 0, done);
        f.branch(Cond::Eq, v, t, done);
        f.mov(t, v);
        f.store(8, buf, 0, static_cast<int64_t>(0));
        f.mov(field, t);
        f.alu64(AluOp::Add, field, tgid_off);
        rc = f.call_helper(bpf::helper::probe_read_kernel, {bufp, 4, field});
        f.branch(Cond::Ne, rc, 0, done);
        f.load(4, v, bufp, 0);
        f.branch(Cond::Eq, v, static_cast<int64_t>(consumer), found);
        f.alu64(AluOp::Add, i, 1);
        f.jump(loop);
        f.bind(found);
        f.mov(stop, static_cast<int64_t>(1));
    }
    f.bind(done);
    VReg value = f.vreg();
    f.mov(value, stop);
    f.alu64(AluOp::Lsh, value, 63);
    f.alu64(AluOp::Or, value, tgid);
    VReg marker = f.vreg();
    f.mov(marker, static_cast<int64_t>(1));
    f.alu64(AluOp::Lsh, marker, 62);
    f.alu64(AluOp::Or, value, marker);
    f.store(8, buf, 0, value);
    f.addr_of(bufp, buf);
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kNoticeMap);
    f.call_helper(bpf::helper::ringbuf_output, {map, bufp, 8, 0});
    bpf::Label end = f.new_label();
    f.branch(Cond::Eq, stop, 0, end);
    f.call_helper(bpf::helper::send_signal, {19});  // SIGSTOP
    f.bind(end);
    f.ret(0);
    return prog;
}

}  // namespace bdtrace::codegen
