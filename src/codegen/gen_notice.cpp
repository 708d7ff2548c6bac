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
