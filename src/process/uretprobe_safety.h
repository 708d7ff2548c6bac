// When a return uprobe is safe for a function. A return uprobe (uretprobe_multi, the kernel's
// "uretprobe") traps at the function's first instruction and replaces the 8 bytes at (%rsp)
// with the address of the kernel's return trampoline, believing them to be the return address;
// the probe fires when the function returns through it. That changes the program unless all of
// these hold (docs/safety.md, "Return probes"):
//
//  1. The function is entered by a call, so that (%rsp) at its first instruction is a return
//     address. Known not to be: the PLT resolvers `_dl_runtime_resolve*` / `_dl_runtime_profile*`
//     ((%rsp) is the link map the PLT pushed), `_start` and `_dl_start_user` (argc), signal
//     restorers `__restore_rt` (entered by the kernel's signal return), makecontext's
//     `__start_context`. Structural evidence is required too: the decode found a real `ret`
//     (a function without one ends in a jump, hlt or syscall, the mark of such entry points),
//     and where the file has call frame information it puts the return address at (%rsp) at
//     the first instruction (the resolver's says %rsp + 16; _start's says there is none).
//  2. The function does not keep or look at its own return address: the setjmp and getcontext
//     families and vfork save it (a later longjmp or setcontext would jump to the trampoline
//     with no return pending: the kernel kills the process); dlopen, dlsym and friends read it
//     to know their caller's object (RTLD_NEXT, namespaces); backtrace() and mcount report it.
//  3. The function does not leave its frame other than by returning: longjmp, siglongjmp,
//     setcontext, swapcontext switch stacks (the probe never fires; the kernel drops the
//     pending return later).
//  4. No unwinder walks through the frame while the function runs: a C++ exception, a thread's
//     cancellation or pthread_exit (forced unwinding) or backtrace() would find the trampoline
//     where the caller's address should be, find no unwind information for it and stop
//     (std::terminate for an exception; the kernel does not hide the trampoline from the
//     process). Whether such an unwinder may run is a property of the process (callers say);
//     in such a process only a leaf is allowed: a function that calls nothing and leaves only
//     by `ret` runs no other code inside its frame, so no exception can pass through it (short
//     of a signal handler that throws or unwinds, with -fnon-call-exceptions or asynchronous
//     cancellation: docs/safety.md).
//
// The pid provider uses a return uprobe (the return trampoline) for speed where this allows it
// and DTrace's semantics are kept (pid_probes.cpp), and for a function it cannot decode.
#pragma once

#include <span>
#include <string>

#include "process/function_code.h"

namespace bdtrace::process {

struct UretprobeSafety {
    bool safe = false;
    std::string reason;  // when not safe: why, in a phrase ("the function has no ret instruction")
};

// `names`: every name of the function (its aliases; versioned names are fine). `unwinding`: an
// unwinder may walk through the function's frame in this process (rule 4).
UretprobeSafety uretprobe_safety(std::span<const std::string> names, const FunctionCode& code, bool unwinding);

}  // namespace bdtrace::process
