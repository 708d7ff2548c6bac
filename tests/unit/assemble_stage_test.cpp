// The assemble stage (src/assemble/): between code generation and loading, every program of
// the set is assembled once, and each function keeps the parameter count it was built with
// (what BTF func_info states when a program passes a callback to bpf_loop).
#include <gtest/gtest.h>

#include <map>

#include "session_helpers.h"

using namespace bdtrace;

TEST(AssembleStage, FunctionsKeepTheirOwnParameterCounts) {
    probes::Registry registry;
    kernel::FakeKernel k;
    test::Loaded l;
    const char* text = "BEGIN { chill(1); @[strtok(\"a,b\", \",\")] = count(); exit(0); }\n";
    test::load(registry, k, text, l);
    if (HasFatalFailure()) return;
    ASSERT_TRUE(l.ps->assembled);
    ASSERT_FALSE(l.ps->programs.empty());
    std::map<std::string, uint32_t> params;
    for (const auto& gp : l.ps->programs)
        for (const auto& fn : gp.code.functions) params[fn.name] = fn.params;
    EXPECT_EQ(params["entry"], 1u);
    EXPECT_EQ(params["clause0"], 3u);      // (context, scratch, epid)
    EXPECT_EQ(params["chill_wait"], 2u);   // bpf_loop's callback: (index, context)
    for (const auto& [name, n] : params) {  // the string loops are bpf_loop callbacks too
        if (name != "entry" && name.rfind("clause", 0) != 0) {
            EXPECT_EQ(n, 2u) << name;
        }
    }
}

TEST(AssembleStage, SessionRefusesAProgramSetNotAssembled) {
    probes::Registry registry;
    kernel::FakeKernel k;
    sema::TypeTable types;
    frontend::SourceBuffer src("t.d", "BEGIN { exit(0); }\n");
    DiagnosticList diags;
    auto parsed = frontend::parse_program(src, {}, diags);
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    ASSERT_TRUE(typed);
    auto ps = codegen::generate(*typed, types, {}, diags);
    ASSERT_TRUE(ps);
    runtime::SessionError err;
    EXPECT_FALSE(runtime::Session::load(k, *ps, [](const void*, size_t) {}, &err));
    EXPECT_NE(err.message.find("not assembled"), std::string::npos) << err.message;
    EXPECT_TRUE(k.loaded_programs().empty());
}
