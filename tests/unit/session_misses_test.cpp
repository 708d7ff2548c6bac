// Firings the kernel skips because their program is already running on that CPU (a tracepoint
// fired by an interrupt inside the program): the session reads each program's count from the
// kernel and hands on what is new, for the consumer's drop report.
#include <gtest/gtest.h>

#include "codegen/codegen.h"
#include "frontend/parse.h"
#include "kernel/fake_kernel.h"
#include "probes/probe.h"
#include "runtime/session.h"
#include "sema/sema.h"

using namespace bdtrace;

TEST(SessionMisses, SummedOverProgramsAndHandedOnOnce) {
    sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", "BEGIN { } profile-997 { @ = count(); } tick-1s { exit(0); }\n");
    DiagnosticList diags;
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    ASSERT_FALSE(diags.has_errors());
    auto typed = sema::analyze(*parsed.program, types, registry, {}, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.items()[0].message;
    auto ps = codegen::generate(*typed, registry, types, {}, diags);
    ASSERT_TRUE(ps) << diags.items()[0].message;
    kernel::FakeKernel k;
    runtime::SessionError err;
    auto session = runtime::Session::load(k, *ps, [](const void*, size_t) {}, &err);
    ASSERT_TRUE(session) << err.message;
    ASSERT_GE(k.loaded_programs().size(), 2u);
    EXPECT_EQ(session->new_recursion_misses(), 0u);
    k.set_recursion_misses(k.loaded_programs()[0].fd, 3);
    k.set_recursion_misses(k.loaded_programs()[1].fd, 4);
    EXPECT_EQ(session->new_recursion_misses(), 7u);
    EXPECT_EQ(session->new_recursion_misses(), 0u);  // handed on once
    k.set_recursion_misses(k.loaded_programs()[1].fd, 5);
    EXPECT_EQ(session->new_recursion_misses(), 1u);
}
