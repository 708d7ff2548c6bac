// The assemble stage (assemble.h).
#include "assemble/assemble.h"

#include "bpf/assembler.h"

namespace bdtrace::assemble {

namespace {

bool one(const bpf::Program& ir, bpf::Assembled& out, std::string& error) {
    auto code = bpf::assemble(ir, error);
    if (!code) return false;
    out = std::move(*code);
    return true;
}

bool optional_one(const std::unique_ptr<bpf::Program>& ir, std::optional<bpf::Assembled>& out,
                  std::string& error) {
    if (!ir) return true;
    out.emplace();
    return one(*ir, *out, error);
}

}  // namespace

bool assemble_programs(codegen::ProgramSet& ps, std::string& error) {
    for (auto& gp : ps.programs)
        if (!one(*gp.ir, gp.code, error)) return false;
    if (!optional_one(ps.notice_program, ps.notice_code, error) ||
        !optional_one(ps.vtime_program, ps.vtime_code, error) ||
        !optional_one(ps.unwind_exec_program, ps.unwind_exec_code, error))
        return false;
    ps.assembled = true;
    return true;
}

bool assemble_watch(std::vector<codegen::watch::WatchProgram>& programs, std::string& error) {
    for (auto& p : programs)
        if (!one(*p.ir, p.code, error)) return false;
    return true;
}

}  // namespace bdtrace::assemble
