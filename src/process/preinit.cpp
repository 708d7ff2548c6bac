// A breakpoint (int3) on the dynamic linker's hook, placed and removed with ptrace, as a debugger
// would: each hit is checked against r_debug's state; the instruction is put back and stepped
// over until the state says the start-up libraries are all mapped.
#include "process/preinit.h"

#include <signal.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#include <cerrno>
#include <optional>

#include "process/rtld.h"

namespace bdtrace::process {

namespace {

// Hooks reports more than this before RT_CONSISTENT only with an unusual linker (audit modules):
// give up waiting and hold the process where it is.
constexpr int kMaxHits = 64;

std::optional<int> wait_stop(pid_t pid, std::string* why) {
    int status = 0;
    pid_t r;
    do {
        r = waitpid(pid, &status, 0);
    } while (r < 0 && errno == EINTR);
    if (r != pid || WIFEXITED(status) || WIFSIGNALED(status)) {
        *why = WIFSIGNALED(status) ? "process died from signal " + std::to_string(WTERMSIG(status))
                                   : "process exited with status " + std::to_string(WEXITSTATUS(status));
        return std::nullopt;
    }
    return WSTOPSIG(status);
}

bool poke_byte(pid_t pid, uint64_t addr, long word, uint8_t byte) {
    long patched = (word & ~0xffL) | byte;
    return ptrace(PTRACE_POKETEXT, pid, addr, patched) == 0;
}

}  // namespace

bool run_to_preinit(pid_t pid, std::string* why) {
    auto hook = find_rtld_hook(pid);
    if (!hook) return true;
    errno = 0;
    long original = ptrace(PTRACE_PEEKTEXT, pid, hook->hook_address, nullptr);
    if (errno != 0 || !poke_byte(pid, hook->hook_address, original, 0xcc)) return true;
    int deliver = 0;  // the exec stop's SIGTRAP is ours: not passed on
    for (int hits = 0;;) {
        if (ptrace(PTRACE_CONT, pid, nullptr, deliver) != 0) return true;
        auto sig = wait_stop(pid, why);
        if (!sig) return false;
        user_regs_struct regs{};
        ptrace(PTRACE_GETREGS, pid, nullptr, &regs);
        if (*sig != SIGTRAP || regs.rip != hook->hook_address + 1) {
            deliver = *sig == SIGTRAP ? 0 : *sig;  // the program's own signals go on to it
            continue;
        }
        deliver = 0;
        // Back to the hook's first instruction, with its byte restored.
        regs.rip = hook->hook_address;
        ptrace(PTRACE_SETREGS, pid, nullptr, &regs);
        ptrace(PTRACE_POKETEXT, pid, hook->hook_address, original);
        errno = 0;
        long state = ptrace(PTRACE_PEEKDATA, pid, hook->r_debug_address + kRDebugStateOffset, nullptr);
        if (errno != 0 || static_cast<uint32_t>(state) == kRtConsistent || ++hits >= kMaxHits) return true;
        // Not there yet: step over the hook's instruction and arm it again.
        if (ptrace(PTRACE_SINGLESTEP, pid, nullptr, 0) != 0) return true;
        if (!wait_stop(pid, why)) return false;
        if (!poke_byte(pid, hook->hook_address, original, 0xcc)) return true;
    }
}

}  // namespace bdtrace::process
