// Helpers shared by the unit tests that run a D program's session on the fake kernel.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

#include "assemble/assemble.h"
#include "compile_helpers.h"
#include "kernel/fake_kernel.h"
#include "runtime/session.h"

namespace bdtrace::test {

// A compiled program and its session; destroy it before the fake kernel it was loaded on.
struct Loaded {
    sema::TypeTable types;
    std::unique_ptr<codegen::ProgramSet> ps;
    std::unique_ptr<runtime::Session> session;
};

// Compiles `text` against `registry`, then loads and attaches it on `k` (a fatal failure on
// any error: callers check HasFatalFailure()). `unstarted`: the processes the session takes as
// held before their first instruction (Session::set_unstarted).
inline void load(probes::Registry& registry, kernel::FakeKernel& k, const std::string& text, Loaded& out,
                 std::set<uint64_t> unstarted = {}) {
    out.ps = compile(registry, out.types, text);
    ASSERT_TRUE(out.ps);
    std::string asm_err;
    ASSERT_TRUE(assemble::assemble_programs(*out.ps, asm_err)) << asm_err;
    runtime::SessionError err;
    out.session = runtime::Session::load(k, *out.ps, [](const void*, size_t) {}, &err);
    ASSERT_TRUE(out.session) << err.message;
    out.session->set_unstarted(std::move(unstarted));
    ASSERT_TRUE(out.session->attach(&err)) << err.message;
}

}  // namespace bdtrace::test
