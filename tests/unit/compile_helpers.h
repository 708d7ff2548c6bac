// The one way the unit tests compile a D program to a program set: parse, check, generate.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "codegen/codegen.h"
#include "frontend/parse.h"
#include "probes/probe.h"
#include "sema/sema.h"

namespace bdtrace::test {

// `text` (as file "t.d") checked against `registry` with its types in `types`, then generated
// (not assembled). On an error: a non-fatal test failure naming the first diagnostic, and null
// (callers ASSERT_TRUE the result when they cannot go on without it). `opts`: the code
// generator's options (-x strsize and kin).
inline std::unique_ptr<codegen::ProgramSet> compile(probes::Registry& registry,
                                                    sema::TypeTable& types, const std::string& text,
                                                    const codegen::CodegenOptions& opts = {}) {
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    auto parsed = frontend::parse_program(src, frontend::ParseOptions{}, diags);
    std::unique_ptr<codegen::ProgramSet> ps;
    if (!diags.has_errors()) {
        auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
        if (typed && !diags.has_errors()) ps = codegen::generate(*typed, types, opts, diags);
    }
    if (!ps) ADD_FAILURE() << (diags.items().empty() ? "no program set" : diags.items()[0].message);
    return ps;
}

}  // namespace bdtrace::test
