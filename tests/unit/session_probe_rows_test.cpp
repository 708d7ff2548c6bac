// The pid provider's probe table as the session writes it: each probe's row holds the epid of
// every clause enabled on it, the rows the session wrote are kept in the session (no lookup of
// the kernel's copy), new rows go in one batch, and probes enabled later (a library loaded while
// tracing: NewProbes) keep the slots already there.
#include <gtest/gtest.h>
#include <unistd.h>

#include <functional>

#include "codegen/abi.h"
#include "session_helpers.h"

using namespace bdtrace;

extern "C" __attribute__((noinline, used)) long bdtrace_rows_one(long a) {
    return a + 1;
}
extern "C" __attribute__((noinline, used)) long bdtrace_rows_two(long a) {
    return a + 2;
}

namespace {

std::string pid_functions(const char* function) {
    return "pid" + std::to_string(getpid()) + ":a.out:" + function + ":entry";
}

// Compiles and assembles `text`, takes the epids `later` picks out of the program set (to be
// enabled after attach, as NewProbes does), then loads and attaches the rest on `k`.
void load_without(kernel::FakeKernel& k, probes::Registry& registry, const std::string& text,
                  test::Loaded& out, const std::function<bool(const codegen::Epid&)>& later,
                  std::vector<codegen::Epid>& taken) {
    out.ps = test::compile(registry, out.types, text);
    ASSERT_TRUE(out.ps);
    std::string asm_err;
    ASSERT_TRUE(assemble::assemble_programs(*out.ps, asm_err)) << asm_err;
    auto& epids = out.ps->epids;
    for (auto it = epids.begin(); it != epids.end();)
        if (later(*it)) {
            taken.push_back(*it);
            it = epids.erase(it);
        } else {
            ++it;
        }
    runtime::SessionError err;
    out.session = runtime::Session::load(
        k, *out.ps, [](const void*, size_t) {}, &err);
    ASSERT_TRUE(out.session) << err.message;
    ASSERT_TRUE(out.session->attach(&err)) << err.message;
}

// The row of `probe_id` in the session's probe table, one epid per clause slot.
std::vector<uint32_t> row(runtime::Session& s, uint32_t probe_id) {
    kernel::Map& table = s.map(codegen::abi::kProbeTableMap);
    std::vector<uint32_t> out(table.value_buffer_size() / 4);
    auto r = table.lookup(kernel::bytes_of(probe_id), std::as_writable_bytes(std::span(out)));
    EXPECT_TRUE(r && *r);
    return out;
}

size_t uprobe_links(const kernel::FakeKernel& k) {
    size_t n = 0;
    for (const auto& a : k.attachments()) n += a.what.find("uprobe") != std::string::npos;
    return n;
}

}  // namespace

TEST(SessionProbeRows, TwoClausesOneProbeInOneBatchWithoutLookups) {
    for (bool batches : {true, false}) {
        SCOPED_TRACE(batches ? "batch" : "no batch command");
        probes::Registry registry;
        kernel::FakeKernel k;
        k.refuse_map_batches(!batches);
        test::Loaded l;
        test::load(registry, k,
                   pid_functions("bdtrace_rows_one") + " { } " + pid_functions("bdtrace_rows_one") +
                       " /1/ { }\n",
                   l);
        if (HasFatalFailure()) return;
        ASSERT_EQ(l.ps->epids.size(), 2u);
        EXPECT_EQ(k.map_calls(kernel::Op::MapLookup), 0u);
        EXPECT_EQ(k.map_batches(), batches ? 1u : 0u);
        const codegen::Epid& a = l.ps->epids[0];
        const codegen::Epid& b = l.ps->epids[1];
        ASSERT_EQ(a.probe_id, b.probe_id);
        EXPECT_EQ(row(*l.session, a.probe_id), (std::vector<uint32_t>{a.epid, b.epid}));
        EXPECT_EQ(uprobe_links(k), 1u);
    }
}

TEST(SessionProbeRows, AClauseEnabledLaterKeepsTheSlotsThere) {
    probes::Registry registry;
    kernel::FakeKernel k;
    test::Loaded l;
    std::vector<codegen::Epid> later;
    load_without(
        k, registry,
        pid_functions("bdtrace_rows_one") + " { } " + pid_functions("bdtrace_rows_one") +
            " /1/ { }\n",
        l, [](const codegen::Epid& e) { return e.clause == 1; }, later);
    if (HasFatalFailure()) return;
    ASSERT_EQ(later.size(), 1u);
    ASSERT_EQ(l.ps->epids.size(), 1u);
    const uint32_t id = l.ps->epids[0].probe_id, first = l.ps->epids[0].epid;
    EXPECT_EQ(row(*l.session, id), (std::vector<uint32_t>{first, 0}));
    l.ps->epids.push_back(later[0]);
    runtime::SessionError err;
    ASSERT_TRUE(l.session->attach_uprobe_epids({&l.ps->epids.back()}, &err)) << err.message;
    EXPECT_EQ(row(*l.session, id), (std::vector<uint32_t>{first, later[0].epid}));
    EXPECT_EQ(uprobe_links(k), 1u);  // attached already: no second uprobe
}

TEST(SessionProbeRows, AProbeFoundLaterGetsItsRow) {
    probes::Registry registry;
    kernel::FakeKernel k;
    test::Loaded l;
    std::vector<codegen::Epid> later;
    load_without(
        k, registry, pid_functions("bdtrace_rows_*") + " { }\n", l,
        [](const codegen::Epid& e) { return e.function == "bdtrace_rows_two"; }, later);
    if (HasFatalFailure()) return;
    ASSERT_EQ(later.size(), 1u);
    ASSERT_EQ(l.ps->epids.size(), 1u);
    const codegen::Epid one = l.ps->epids[0];
    EXPECT_EQ(uprobe_links(k), 1u);
    l.ps->epids.push_back(later[0]);
    runtime::SessionError err;
    ASSERT_TRUE(l.session->attach_uprobe_epids({&l.ps->epids.back()}, &err)) << err.message;
    EXPECT_EQ(row(*l.session, one.probe_id), (std::vector<uint32_t>{one.epid}));
    EXPECT_EQ(row(*l.session, later[0].probe_id), (std::vector<uint32_t>{later[0].epid}));
    EXPECT_EQ(uprobe_links(k), 2u);
    EXPECT_EQ(k.map_calls(kernel::Op::MapLookup), 2u);  // this test's own
}
