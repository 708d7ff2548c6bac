// Reading a verifier log against the program it rejected: which instruction the verifier stopped
// at, its message, and the D source line that instruction was generated for.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "bpf/assembler.h"

namespace bdtrace::bpf {

struct VerifierFailure {
    std::optional<uint32_t> insn;  // the last instruction the log shows, where it gave up
    std::string message;           // the verifier's complaint (last line of substance)
    const SourceNote* source = nullptr;
    const FunctionInfo* function = nullptr;
};

VerifierFailure explain_verifier_log(const Assembled& code, std::string_view log);

// "line 3: trace(arg0): R1 invalid mem access 'scalar' (BPF instruction 12 in clause_1)"
std::string describe(const VerifierFailure& f);

}  // namespace bdtrace::bpf
