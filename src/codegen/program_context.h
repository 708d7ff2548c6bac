// What a program's clauses may assume about the firing that runs them: one value per kind of
// program, a column of the builder table (program_builders.cpp). Clause lowering asks these
// questions instead of naming attach kinds, so a new kind of program states its answers in its
// row of the table and no lowering file changes.
#pragma once

namespace bdtrace::codegen {

struct ProgramContext {
    // The context is the firing thread's user registers (struct pt_regs of a uprobe): uregs[]
    // and the user stack start from it.
    bool user_regs = false;
    // Fires at a function's entry or an offset in it, perhaps moved past the first instruction
    // (process/entry_site.h): the skipped bytes are in the scratch area, uregs[R_PC] and
    // ustack()'s first frame take them off.
    bool entry_site = false;
    // Fires where the function returns (the returning instruction or the return trampoline):
    // the frame is gone and the return address is at *(sp), as at an entry.
    bool return_site = false;
    // The kernel stack at the firing holds no tracing frames above the probe point (a perf
    // event's interrupt, a uprobe's trap): stack() skips none and filters no machinery.
    bool clean_kernel_stack = false;
    // probeprov..probename come from the probe names map by the firing's probe id (the
    // table-dispatched programs), not from one constant per enabled probe.
    bool names_by_probe_id = false;
    // errno is the system call's return value (syscall return probes); elsewhere 0.
    bool syscall_return = false;
    // The firing may be about another task than the current one (sdt, proc, sched): curthread
    // and friends may be swapped for the argument's task.
    bool may_swap_identity = false;
};

}  // namespace bdtrace::codegen
