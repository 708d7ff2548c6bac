// The fbt provider where the kernel allows fentry: which kernel functions it offers (from a
// BTF the test builds, and the traceable list), the probes and argument types the registry
// gives, typed args[] in the checker, and what the session loads and attaches (one fentry or
// fexit program per function, the probe id in the link's cookie) on the fake kernel. This
// project's machines refuse fentry, so the real kernel is only asked in the e2e refusal tests.
#include <gtest/gtest.h>

#include <bpf/btf.h>
#include <unistd.h>

#include <fstream>

#include "vmlinux_btf.h"
#include "assemble/assemble.h"
#include "codegen/codegen.h"
#include "compile_helpers.h"
#include "frontend/parse.h"
#include "kernel/fake_kernel.h"
#include "probes/btf_spell.h"
#include "probes/kernel_functions.h"
#include "probes/probe.h"
#include "runtime/session.h"
#include "sema/btf_types.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

// A BTF with: int f_two(int, char *); void f_void(void); int f_varargs(int, ...);
// int f_struct(struct s); struct s *f_many(11 ints); int f_thirteen(13 ints); and a second
// record of f_two (a static function of another unit).
struct Synthetic {
    struct btf* b = btf__new_empty();
    Synthetic() {
        int i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
        int c = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
        int pc = btf__add_ptr(b, c);
        int s = btf__add_struct(b, "s", 8);
        btf__add_field(b, "x", i, 0, 0);
        int ps = btf__add_ptr(b, s);
        auto func = [&](const char* name, int ret, std::vector<int> params) {
            int proto = btf__add_func_proto(b, ret);
            for (int p : params) btf__add_func_param(b, p ? "a" : "", p);
            btf__add_func(b, name, BTF_FUNC_GLOBAL, proto);
        };
        func("f_two", i, {i, pc});
        func("f_void", 0, {});
        func("f_varargs", i, {i, 0});
        func("f_struct", i, {s});
        func("f_many", ps, std::vector<int>(11, i));
        func("f_thirteen", i, std::vector<int>(13, i));
        func("f_two", i, {c});
    }
    ~Synthetic() { btf__free(b); }
};

std::vector<std::string> names(const std::vector<probes::KernelFunction>& fs) {
    std::vector<std::string> out;
    for (const auto& f : fs) out.push_back(f.name);
    return out;
}

bool have_btf() { return access("/sys/kernel/btf/vmlinux", R_OK) == 0; }

// A registry whose fbt provider is allowed, over `btf`, offering every function of it.
void allow_fbt(probes::Registry& r, const struct btf* btf) {
    probes::FbtSource s;
    s.check = [] { return std::string(); };
    s.btf = [btf] { return btf; };
    s.traceable = [] { return std::unordered_set<std::string>(); };
    r.set_fbt_source(std::move(s));
}

sema::TypeTable& vmlinux_types() {
    static sema::TypeTable types;
    static bool loader = false;
    if (!loader) {
        types.set_btf_loader([] {
            std::string err;
            return sema::BtfSource::load(&err);
        });
        loader = true;
    }
    return types;
}

// "TAG: message" of the first error checking `text` with fbt allowed on vmlinux, or "".
std::string check(const std::string& text) {
    probes::Registry registry;
    allow_fbt(registry, test::vmlinux().parsed());
    DiagnosticList diags;
    frontend::SourceBuffer src("t.d", text);
    frontend::ParseOptions po;
    auto parsed = frontend::parse_program(src, po, diags);
    if (!diags.has_errors()) sema::analyze(*parsed.program, vmlinux_types(), registry, {}, diags);
    return diags.has_errors() ? diags.items()[0].tag + ": " + diags.items()[0].message : "";
}

}  // namespace

TEST(KernelFunctions, OnlyWhatATrampolineMapsOntoArgs) {
    Synthetic s;
    auto fs = probes::kernel_functions(s.b, nullptr);
    // Left out: varargs, a structure by value, more than 12 parameters; f_two once.
    EXPECT_EQ(names(fs), (std::vector<std::string>{"f_two", "f_void", "f_many"}));
    ASSERT_EQ(fs[0].param_type_ids.size(), 2u);
    EXPECT_EQ(probes::btf_spell(s.b, fs[0].param_type_ids[1]), "char *");
    EXPECT_EQ(probes::btf_spell(s.b, fs[0].return_type_id), "int");
    EXPECT_EQ(fs[1].return_type_id, 0u);
    EXPECT_EQ(probes::btf_spell(s.b, fs[2].return_type_id), "struct s *");
    std::unordered_set<std::string> traceable = {"f_void", "f_struct"};
    EXPECT_EQ(names(probes::kernel_functions(s.b, &traceable)), (std::vector<std::string>{"f_void"}));
    EXPECT_TRUE(probes::kernel_functions(nullptr, nullptr).empty());
}

TEST(KernelFunctions, TraceableFromFtraceElseKallsyms) {
    std::string dir = testing::TempDir() + "/fbt_tracefs";
    mkdir(dir.c_str(), 0755);
    std::ofstream(dir + "/kallsyms") << "ffffffff81000000 T vfs_read\n"
                                        "ffffffff81000100 t helper\t[ext4]\n"
                                        "ffffffff81000200 D some_data\n";
    EXPECT_EQ(probes::traceable_functions(dir + "/missing", dir + "/kallsyms"),
              (std::unordered_set<std::string>{"vfs_read", "helper"}));
    std::ofstream(dir + "/available_filter_functions") << "vfs_read\next4_sync_fs [ext4]\n";
    EXPECT_EQ(probes::traceable_functions(dir, dir + "/kallsyms"),
              (std::unordered_set<std::string>{"vfs_read", "ext4_sync_fs"}));
    EXPECT_TRUE(probes::traceable_functions(dir + "/missing", dir + "/missing").empty());
}

TEST(FbtProvider, EntryAndReturnPerFunction) {
    Synthetic s;
    probes::Registry r;
    allow_fbt(r, s.b);
    auto found = r.match({"fbt", "", "f_*", ""});
    std::vector<std::string> full;
    for (const probes::Probe* p : found) full.push_back(p->full_name());
    // f_many's 11 parameters and its return value do not fit the ten slots read: no return probe.
    EXPECT_EQ(full, (std::vector<std::string>{"fbt:vmlinux:f_many:entry", "fbt:vmlinux:f_two:entry",
                                              "fbt:vmlinux:f_two:return", "fbt:vmlinux:f_void:entry",
                                              "fbt:vmlinux:f_void:return"}));
    const probes::Probe* two = found[1];
    EXPECT_EQ(two->kind(), probes::AttachKind::Sdt);
    EXPECT_EQ(two->hook(), probes::KernelHook::Fentry);
    EXPECT_EQ(two->plan_as<probes::KernelPlan>()->nargs, 2);
    EXPECT_EQ(r.info(*two).arg_types, (std::vector<std::string>{"int", "char *"}));
    const probes::Probe* two_ret = found[2];
    EXPECT_EQ(two_ret->hook(), probes::KernelHook::Fexit);
    // The parameters, then the return value.
    EXPECT_EQ(two_ret->plan_as<probes::KernelPlan>()->nargs, 3);
    EXPECT_EQ(r.info(*two_ret).arg_types, (std::vector<std::string>{"int", "int"}));
    EXPECT_EQ(r.info(*found[4]).arg_types, (std::vector<std::string>{"int"}));  // void: the offset only
    EXPECT_EQ(found[0]->plan_as<probes::KernelPlan>()->nargs, 10);
    // By exact name, by module, and the names DTrace's fbt does not have.
    EXPECT_EQ(r.match({"fbt", "vmlinux", "f_two", "return"}).size(), 1u);
    EXPECT_TRUE(r.match({"fbt", "ext4", "f_two", "entry"}).empty());
    EXPECT_TRUE(r.match({"fbt", "", "f_struct", ""}).empty());
    EXPECT_TRUE(r.match({"fbt", "", "f_two", "exit"}).empty());
    EXPECT_FALSE(r.take_error());
}

TEST(FbtProvider, ArgsAreTypedFromThePrototype) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    // ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t *pos)
    EXPECT_EQ(check("fbt::vfs_read:entry { trace(args[0]->f_flags); trace(args[2] + 1); }"), "");
    EXPECT_EQ(check("fbt::vfs_read:entry { trace(args[4]); }"), "D_ARGS_IDX: index 4 is out of range for fbt::vfs_read:entry args[ ]");
    EXPECT_EQ(check("fbt::vfs_read:entry { trace(args[0] + 1); trace(*args[3]); }"), "");
    EXPECT_EQ(check("fbt::vfs_read:return { trace(args[1] < 0); trace(args[0]); }"), "");
    EXPECT_EQ(check("fbt::vfs_read:return { trace(args[1]->f_flags); }").substr(0, 8), "D_OP_PTR");
    EXPECT_EQ(check("fbt::vfs_read:return { trace(args[2]); }"), "D_ARGS_IDX: index 2 is out of range for fbt::vfs_read:return args[ ]");
    // Several functions' probes in one clause: arg0..arg9 only.
    EXPECT_EQ(check("fbt::vfs_read:entry, fbt::vfs_write:entry { trace(arg2); }"), "");
}

TEST(FbtSession, OneTrampolineProgramPerFunctionWithTheProbeIdAsCookie) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry registry;
    allow_fbt(registry, test::vmlinux().parsed());
    auto ps = test::compile(registry, vmlinux_types(),
                            "fbt::vfs_read:entry, fbt::vfs_write:entry { @[probefunc] = count(); }\n"
                            "fbt::vfs_read:return { trace(args[1]); }\n");
    ASSERT_TRUE(ps);
    std::string asm_err;
    ASSERT_TRUE(assemble::assemble_programs(*ps, asm_err)) << asm_err;

    kernel::FakeKernel k;
    runtime::SessionError err;
    auto session = runtime::Session::load(k, *ps, [](const void*, size_t) {}, &err);
    ASSERT_TRUE(session) << err.message;
    ASSERT_TRUE(session->attach(&err)) << err.message;

    std::map<std::string, uint64_t> ids;  // "function:name" -> probe id
    for (const auto* p : registry.match({"fbt", "", "vfs_*", ""})) ids[p->function + ":" + p->name] = p->id;
    std::multiset<std::pair<kernel::AttachType, std::string>> hooked;
    for (const auto& lp : k.loaded_programs())
        if (lp.type == kernel::ProgramType::Tracing) {
            hooked.emplace(lp.attach, lp.name);
            EXPECT_NE(lp.attach_btf_id, 0u);
        }
    EXPECT_EQ(hooked, (std::multiset<std::pair<kernel::AttachType, std::string>>{
                          {kernel::AttachType::TraceFentry, "dt_fentry"},
                          {kernel::AttachType::TraceFexit, "dt_fexit"},
                          {kernel::AttachType::TraceFentry, "dt_fentry"}}));
    std::multiset<std::pair<std::string, uint64_t>> links;
    for (const auto& a : k.attachments())
        if (a.what.find("fentry") != std::string::npos || a.what.find("fexit") != std::string::npos)
            links.emplace(a.what.substr(0, a.what.find(' ')), a.cookie);
    EXPECT_EQ(links, (std::multiset<std::pair<std::string, uint64_t>>{{"fentry", ids["vfs_read:entry"]},
                                                                      {"fexit", ids["vfs_read:return"]},
                                                                      {"fentry", ids["vfs_write:entry"]}}));
    // No raw tracepoint is attached for them.
    for (const auto& a : k.attachments()) EXPECT_EQ(a.what.find("raw_tp"), std::string::npos) << a.what;
}

TEST(FbtSession, AKernelWithoutFentrySaysSo) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    probes::Registry registry;
    allow_fbt(registry, test::vmlinux().parsed());
    auto ps = test::compile(registry, vmlinux_types(), "fbt::vfs_read:entry { }\n");
    ASSERT_TRUE(ps);
    std::string asm_err;
    ASSERT_TRUE(assemble::assemble_programs(*ps, asm_err)) << asm_err;
    kernel::FakeKernel k;
    k.set_feature(kernel::Feature::Fentry, false, "fentry attach refused (EPERM)");
    runtime::SessionError err;
    auto session = runtime::Session::load(k, *ps, [](const void*, size_t) {}, &err);
    ASSERT_TRUE(session) << err.message;
    EXPECT_FALSE(session->attach(&err));
    EXPECT_EQ(err.message, "fbt provider unavailable: fentry attach refused (EPERM)");
    EXPECT_EQ(err.status, 2);
    k.set_feature(kernel::Feature::Fentry, true);
    k.remove_vmlinux_type("vfs_read");
    EXPECT_FALSE(session->attach(&err));
    EXPECT_EQ(err.message.substr(0, 40), "failed to enable fbt:vmlinux:vfs_read:en");
}

// A kernel that refuses fentry leaves fbt without probes: a description naming it is an error
// with the reason, and with -Z it matches nothing, the reason kept as a warning; the pid
// provider's reasons stay errors (DTrace's pid lookups fail even with -Z).
TEST(FbtProvider, RefusedIsAnErrorUnlessZdefs) {
    for (bool zdefs : {false, true}) {
        probes::Registry registry;
        probes::FbtSource s;
        s.check = [] { return std::string("fbt provider unavailable: this kernel refuses fentry programs (EPERM)"); };
        registry.set_fbt_source(std::move(s));
        DiagnosticList diags;
        frontend::SourceBuffer src("t.d", "fbt::vfs_read:entry { } BEGIN { exit(0); }\n");
        frontend::ParseOptions po;
        auto parsed = frontend::parse_program(src, po, diags);
        sema::SemaOptions so;
        so.zdefs = zdefs;
        sema::TypeTable types;
        auto typed = sema::analyze(*parsed.program, types, registry, so, diags);
        ASSERT_FALSE(diags.empty());
        EXPECT_EQ(diags.items()[0].message, "fbt provider unavailable: this kernel refuses fentry programs (EPERM)");
        EXPECT_EQ(diags.has_errors(), !zdefs);
        EXPECT_EQ(typed != nullptr, zdefs);
        if (typed) {
            EXPECT_TRUE(typed->clauses[0].probes.empty());
        }
    }
}
