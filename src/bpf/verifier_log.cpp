// The verifier log explainer; see verifier_log.h. The kernel prints each instruction it checks
// as "N: (code) text" (N is the index in the program as loaded) and ends with the reason it
// refused, followed by statistics lines.
#include "bpf/verifier_log.h"

#include <cctype>
#include <vector>

namespace bdtrace::bpf {

namespace {

bool is_statistics(std::string_view line) {
    for (std::string_view p : {"processed ", "verification time", "stack depth", "Live regs",
                               "max_states_per_insn", "peak_states"})
        if (line.substr(0, p.size()) == p) return true;
    return false;
}

// N from a line "N: (xx) ..." (an instruction); nullopt for other lines.
std::optional<uint32_t> insn_of(std::string_view line) {
    size_t k = 0;
    uint64_t n = 0;
    while (k < line.size() && std::isdigit(static_cast<unsigned char>(line[k])) && n < (1u << 31))
        n = n * 10 + static_cast<uint64_t>(line[k++] - '0');
    if (k == 0 || line.substr(k, 3) != ": (") return std::nullopt;
    return static_cast<uint32_t>(n);
}

}  // namespace

VerifierFailure explain_verifier_log(const Assembled& code, std::string_view log) {
    std::vector<std::string_view> lines;
    for (size_t start = 0; start < log.size();) {
        size_t end = log.find('\n', start);
        if (end == std::string_view::npos) end = log.size();
        std::string_view l = log.substr(start, end - start);
        while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
        if (!l.empty()) lines.push_back(l);
        start = end + 1;
    }
    VerifierFailure f;
    for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
        if (f.message.empty() && !is_statistics(*it) && !insn_of(*it)) f.message = std::string(*it);
        if (auto n = insn_of(*it)) {
            f.insn = n;
            break;
        }
    }
    if (f.insn) {
        f.source = code.source_of(*f.insn);
        f.function = code.function_at(*f.insn);
    }
    return f;
}

std::string describe(const VerifierFailure& f) {
    std::string out;
    if (f.source) out = "line " + std::to_string(f.source->line) + ": " + f.source->text + ": ";
    out += f.message.empty() ? "the verifier refused the program" : f.message;
    if (f.insn) {
        out += " (BPF instruction " + std::to_string(*f.insn);
        if (f.function) out += " in " + f.function->name;
        out += ")";
    }
    return out;
}

}  // namespace bdtrace::bpf
