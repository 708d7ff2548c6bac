#include "process/pid_probe_names.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "probes/glob.h"
#include "process/insn_offsets.h"

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

InsnOffsets decode(const ElfFile& file, const ElfSymbol& sym) {
    std::vector<uint8_t> code = file.read(sym.value, sym.size);
    if (code.empty()) return {{}, false, 0};
    return instruction_offsets(code.data(), code.size());
}

}  // namespace

std::vector<ProbeName> probe_names(const ElfFile& file, const ElfSymbol& sym,
                                   const std::string& function, std::string_view pattern,
                                   std::optional<Diagnostic>& error) {
    std::vector<ProbeName> out;
    // DTrace creates the return probe first, then the entry probe, then offsets.
    if (probes::glob_match(pattern, "return")) out.push_back({"return", false, true, 0});
    if (probes::glob_match(pattern, "entry")) out.push_back({"entry", true, false, 0});
    bool glob = pattern.empty() || probes::has_glob(pattern);
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
        InsnOffsets insns = decode(file, sym);
        bool aligned = false;
        for (uint64_t o : insns.offsets) aligned |= o == off;
        if (!aligned) {
            error = error_of("D_PROC_ALIGN",
                             "offset 0x" + hex(off) + " is not aligned on an instruction");
            return {};
        }
        out.push_back({hex(off), false, false, off});
    } else if (glob) {
        InsnOffsets insns = decode(file, sym);
        if (!insns.complete) {
            // DTrace refuses the whole description when a function cannot be decoded; the
            // reason after the colon is ours.
            error = error_of("D_PROC_CREATEFAIL",
                             "failed to create offset probes in '" + function +
                                 "': cannot decode the instruction at offset 0x" +
                                 hex(insns.stopped_at));
            return {};
        }
        for (uint64_t o : insns.offsets) {
            std::string n = hex(o);
            if (probes::glob_match(pattern, n)) out.push_back({n, false, false, o});
        }
    }
    return out;
}

}  // namespace bdtrace::process
