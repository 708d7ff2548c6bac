#include "process/uretprobe_safety.h"

#include <string_view>

#include "util/glob.h"

namespace bdtrace::process {

namespace {

struct Rule {
    const char* pattern;  // a glob over the name without its version ("dlsym" of "dlsym@@GLIBC_2.34")
    const char* reason;
};

constexpr const char* kNoCall = "it is not entered by a call: (%rsp) at its entry is not a return address";
constexpr const char* kSaves = "it saves its own return address, which would be the kernel's trampoline";
constexpr const char* kReads = "it reads its own return address to know its caller";
constexpr const char* kSwitches = "it leaves its frame without returning (it switches stacks)";
constexpr const char* kUnwinds = "it unwinds the stack through its own frame";

// Rules 1-3 of uretprobe_safety.h, by name (with and without glibc's underscores).
constexpr Rule kRules[] = {
    {"_start", kNoCall},
    {"_dl_start_user", kNoCall},
    {"_dl_runtime_resolve*", kNoCall},
    {"_dl_runtime_profile*", kNoCall},
    {"*restore_rt", kNoCall},
    {"*start_context", kNoCall},
    {"*setjmp", kSaves},
    {"*getcontext", kSaves},
    {"*vfork", kSaves},
    {"*dlopen", kReads},
    {"*dlmopen", kReads},
    {"*dlsym", kReads},
    {"*dlvsym", kReads},
    {"*backtrace", kReads},
    {"*mcount", kReads},
    {"__fentry__", kReads},
    {"*longjmp*", kSwitches},
    {"*setcontext", kSwitches},
    {"*swapcontext", kSwitches},
    {"_Unwind_*", kUnwinds},
    {"__cxa_throw", kUnwinds},
    {"__cxa_rethrow", kUnwinds},
    {"*rethrow_exception*", kUnwinds},
    {"*pthread_exit", kUnwinds},
    {"__pthread_unwind*", kUnwinds},
};

// Whether no other function can run inside this one's frame: it calls nothing and leaves only by
// returning (a tail call's callee would run with the trampoline for a return address).
bool leaf(const FunctionCode& code) {
    if (!code.complete || code.has_call) return false;
    for (const ReturnSite& r : code.returns)
        if (r.kind != ReturnKind::Ret) return false;
    return true;
}

std::string_view unversioned(std::string_view name) {
    auto at = name.find('@');
    return at == std::string_view::npos ? name : name.substr(0, at);
}

}  // namespace

UretprobeSafety uretprobe_safety(std::span<const std::string> names, const FunctionCode& code, bool unwinding) {
    if (!code.has_ret)
        return {false, "the function has no ret instruction, so its entry is not known to hold a return address"};
    if (code.entry_return_address == false)
        return {false, "its call frame information puts the return address elsewhere than (%rsp) at its entry"};
    for (const std::string& n : names) {
        std::string name(unversioned(n));
        for (const Rule& r : kRules)
            if (util::glob_match(r.pattern, name)) return {false, r.reason};
    }
    if (unwinding && !leaf(code))
        return {false, "an unwinder (a C++ exception, thread cancellation) may walk through its frame in this "
                       "process, and it calls other functions"};
    return {true, ""};
}

}  // namespace bdtrace::process
