#include "process/tracing_frames.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

namespace bdtrace::process {

namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

bool is_tracing_machinery(const std::string& full, const std::vector<std::string>& tracepoints) {
    std::string_view name(full);
    name = name.substr(0, name.find('.'));
    if (starts_with(name, "bpf_trace_run")) {
        std::string_view n = name.substr(13);
        return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    if (starts_with(name, "__bpf_trace_")) return true;
    if (name == "__bpf_prog_test_run_raw_tp" || name == "bpf_prog_test_run_raw_tp") return true;
    if (starts_with(name, "__traceiter_")) {
        std::string_view event = name.substr(12);
        return std::find(tracepoints.begin(), tracepoints.end(), event) != tracepoints.end();
    }
    return false;
}

std::vector<std::pair<uint64_t, uint64_t>> tracing_machinery_ranges(const std::string& kallsyms,
                                                                    const std::vector<std::string>& tracepoints) {
    std::vector<uint64_t> starts;  // every symbol's address, for the ends
    std::vector<uint64_t> chosen;
    std::istringstream in(kallsyms);
    std::string line;
    while (std::getline(in, line)) {
        // "ffffffff814c9f50 T bpf_trace_run1" (a module's symbols end with " [module]")
        size_t sp1 = line.find(' ');
        if (sp1 == std::string::npos || sp1 + 3 >= line.size()) continue;
        uint64_t addr = std::strtoull(line.c_str(), nullptr, 16);
        if (addr == 0) continue;
        starts.push_back(addr);
        char type = line[sp1 + 1];
        if (type != 't' && type != 'T') continue;
        size_t name_end = line.find_first_of(" \t", sp1 + 3);
        std::string name = line.substr(sp1 + 3, name_end == std::string::npos ? std::string::npos : name_end - sp1 - 3);
        if (is_tracing_machinery(name, tracepoints)) chosen.push_back(addr);
    }
    std::sort(starts.begin(), starts.end());
    std::vector<std::pair<uint64_t, uint64_t>> out;
    for (uint64_t a : chosen) {
        auto next = std::upper_bound(starts.begin(), starts.end(), a);
        // The last symbol: a page at most.
        out.emplace_back(a, next == starts.end() ? a + 4096 : *next);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::pair<uint64_t, uint64_t>> tracing_machinery_ranges(const std::vector<std::string>& tracepoints) {
    std::ifstream f("/proc/kallsyms");
    std::stringstream text;
    text << f.rdbuf();
    return tracing_machinery_ranges(text.str(), tracepoints);
}

}  // namespace bdtrace::process
