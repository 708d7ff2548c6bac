#include "process/pid_probe_names.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "util/glob.h"

namespace bdtrace::process {

namespace {

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
    return buf;
}

Diagnostic error_of(Tag tag, std::string message) {
    Diagnostic d;
    d.tag = tag;
    d.message = std::move(message);
    return d;
}

Diagnostic undecodable(const std::string& function, const FunctionCode& code) {
    // DTrace refuses the whole description when a function cannot be decoded; the reason after
    // the colon is ours.
    return error_of("D_PROC_CREATEFAIL", "failed to create offset probes in '" + function + "': " + code.why);
}

}  // namespace

std::vector<ProbeName> probe_names(const ElfSymbol& sym, const std::string& function, std::string_view pattern,
                                   const std::function<const FunctionCode&()>& code,
                                   std::optional<Diagnostic>& error) {
    std::vector<ProbeName> out;
    // DTrace creates the return probe first, then the entry probe, then offsets.
    if (util::glob_match(pattern, "return")) out.push_back({"return", false, true, 0, false});
    if (util::glob_match(pattern, "entry")) out.push_back({"entry", true, false, 0, false});
    bool glob = pattern.empty() || util::has_glob(pattern);
    if (!glob && out.empty()) {
        std::string text(pattern);
        char* end = nullptr;
        errno = 0;
        unsigned long long off = std::strtoull(text.c_str(), &end, 16);
        if (*end != '\0' || errno != 0) {
            error = error_of("D_PROC_NAME", "'" + text + "' is an invalid probe name");
            return {};
        }
        if (off >= sym.size) {
            error = error_of("D_PROC_OFF",
                             "offset 0x" + hex(off) + " outside of function '" + function + "'");
            return {};
        }
        const FunctionCode& c = code();
        if (!c.complete && off != 0) {
            error = undecodable(function, c);
            return {};
        }
        if (off != 0 && !c.is_insn(off)) {
            error = error_of("D_PROC_ALIGN",
                             "offset 0x" + hex(off) + " is not aligned on an instruction");
            return {};
        }
        out.push_back({hex(off), false, false, off, off != 0 && c.is_nop5(off)});
    } else if (glob) {
        const FunctionCode& c = code();
        if (!c.complete) {
            error = undecodable(function, c);
            return {};
        }
        for (uint64_t o : c.insns) {
            std::string n = hex(o);
            if (util::glob_match(pattern, n)) out.push_back({n, false, false, o, o != 0 && c.is_nop5(o)});
        }
    }
    return out;
}

}  // namespace bdtrace::process
