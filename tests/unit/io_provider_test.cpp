// The io provider: its probes stand on the block layer's request tracepoints and its args[]
// are the D library's translations (bufinfo_t *, devinfo_t *, fileinfo_t *).
#include <gtest/gtest.h>

#include <unistd.h>

#include "dlib/library.h"
#include "frontend/parse.h"
#include "probes/probe.h"
#include "sema/btf_types.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

bool have_btf() { return access("/sys/kernel/btf/vmlinux", R_OK) == 0; }

// "TAG: message" of the first error checking `text` with the library and vmlinux BTF, or "".
std::string check(const std::string& text) {
    static sema::TypeTable types;
    static bool loader = false;
    if (!loader) {
        types.set_btf_loader([] {
            std::string err;
            return sema::BtfSource::load(&err);
        });
        loader = true;
    }
    DiagnosticList diags;
    auto lib = dlib::system_library(diags);
    if (!lib) return "no library";
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    frontend::ParseOptions po;
    po.known = lib->names;
    auto parsed = frontend::parse_program(src, po, diags);
    if (!diags.has_errors()) {
        sema::SemaOptions so;
        for (const auto& p : lib->programs) so.library.push_back(p.get());
        auto prog = sema::analyze(*parsed.program, types, registry, so, diags);
    }
    return diags.has_errors() ? diags.items()[0].tag + ": " + diags.items()[0].message : "";
}

}  // namespace

TEST(IoProvider, StartAndDoneOnTheRequestTracepoints) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry r;
    auto found = r.match({"io", "", "", ""});
    ASSERT_EQ(found.size(), 4u);
    EXPECT_EQ(found[0]->full_name(), "io:vmlinux:blk_mq_start_request:start");
    EXPECT_EQ(found[0]->tracepoint(), "block_rq_issue");
    EXPECT_EQ(found[0]->plan_as<probes::KernelPlan>()->nargs, 1);
    EXPECT_EQ(found[1]->full_name(), "io:vmlinux:blk_update_request:done");
    EXPECT_EQ(found[1]->tracepoint(), "block_rq_complete");
    EXPECT_EQ(found[1]->plan_as<probes::KernelPlan>()->nargs, 3);  // (rq, error, nr_bytes)
    for (const probes::Probe* p : found) {
        EXPECT_EQ(p->kind(), probes::AttachKind::Sdt);
        EXPECT_EQ(r.info(*p).arg_types, (std::vector<std::string>{"bufinfo_t *", "devinfo_t *", "fileinfo_t *"}));
    }
}

TEST(IoProvider, WaitsAreSwitchesOfAThreadMarkedInIowait) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry r;
    auto found = r.match({"io", "", "", "wait-*"});
    ASSERT_EQ(found.size(), 2u);
    EXPECT_EQ(found[0]->full_name(), "io:vmlinux:io_schedule:wait-start");
    EXPECT_EQ(found[1]->full_name(), "io:vmlinux:io_schedule:wait-done");
    const probes::KernelPlan& start = *found[0]->plan_as<probes::KernelPlan>();
    const probes::KernelPlan& done = *found[1]->plan_as<probes::KernelPlan>();
    for (const probes::Probe* pr : found) {
        const probes::KernelPlan* p = pr->plan_as<probes::KernelPlan>();
        EXPECT_EQ(p->tracepoint, "sched_switch");
        // in_iowait is a one-bit field: the guard reads the byte holding it, its bit masked.
        EXPECT_STREQ(p->guard.field, "in_iowait");
        EXPECT_GT(p->guard.field_offset, 0);
        EXPECT_EQ(__builtin_popcountll(p->guard.mask), 1);
        EXPECT_EQ(p->guard.value, p->guard.mask);
        // No request: NULL ones translated.
        ASSERT_EQ(pr->translated_args.size(), 3u);
        EXPECT_EQ(pr->translated_args[0].from, -1);
        EXPECT_EQ(pr->translated_args[0].null_struct, "request");
    }
    EXPECT_EQ(start.guard.arg, 1);  // prev, which blocks (prev_state != 0), in its own context
    EXPECT_EQ(start.guard2.arg, 3);
    EXPECT_TRUE(start.guard2.ne);
    EXPECT_EQ(start.identity_arg, -1);
    EXPECT_EQ(done.guard.arg, 2);  // next, as that thread
    EXPECT_EQ(done.identity_arg, 2);
}

TEST(IoProvider, NamingItLoadsTheLibrary) {
    EXPECT_TRUE(dlib::mentions_library("io:::start { @[pid] = count(); }"));
}

TEST(IoProvider, ArgsAreTranslated) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    EXPECT_EQ(check("io:::start { @[args[1]->dev_statname] = count(); }"), "");
    EXPECT_EQ(check("io:::start { @[execname, args[2]->fi_pathname] = sum(args[0]->b_bcount); }"), "");
    EXPECT_EQ(check("io:::done /args[0]->b_flags & B_READ/ { trace(args[1]->dev_major); }"), "");
    EXPECT_EQ(check("io:::start, io:::done { trace(args[0]->b_blkno); }"), "");
    EXPECT_EQ(check("io:::start { trace(args[3]->b_bcount); }"), "D_ARGS_IDX: index 3 is out of range for io:::start args[ ]");
    EXPECT_EQ(check("io:::wait-start, io:::wait-done { trace(args[0]->b_bcount); trace(args[1]->dev_statname); }"), "");
    EXPECT_EQ(check("io:::start, io:::wait-start { trace(args[0]->b_bcount); }"),
              "D_ARGS_MULTI: args[ ] may not be referenced because probe description io:::start matches an unstable set of probes");
    EXPECT_EQ(check("io:::start, sdt:block::block_rq_issue { trace(args[0]->b_bcount); }"),
              "D_ARGS_MULTI: args[ ] may not be referenced because probe description io:::start matches an unstable set of probes");
    EXPECT_EQ(check("io:::start { trace(args[0]->b_nosuch); }"),
              "D_XLATE_NOCONV: translator does not define conversion for member: b_nosuch");
}
