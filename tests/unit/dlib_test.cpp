// The D system library (src/dlib): version selection, dependency order, parsing, and its check
// against the running kernel's BTF; translators and parameterised inlines in sema.
#include <gtest/gtest.h>

#include <unistd.h>

#include "dlib/library.h"
#include "frontend/declared_names.h"
#include "frontend/parse.h"
#include "sema/btf_types.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

std::vector<std::string> paths(const std::vector<dlib::File>& files) {
    std::vector<std::string> out;
    for (const auto& f : files) out.push_back(f.path);
    return out;
}

struct Checked {
    std::unique_ptr<sema::TypedProgram> prog;
    std::string error;  // "TAG: message"
};

// Checks `text` after the embedded library (for the running kernel) with vmlinux BTF.
Checked check_with_library(const std::string& text, bool check_library = false) {
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
    Checked c;
    if (!lib) {
        c.error = diags.items()[0].tag + ": " + diags.items()[0].message;
        return c;
    }
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    frontend::ParseOptions po;
    po.known = lib->names;
    auto parsed = frontend::parse_program(src, po, diags);
    if (!diags.has_errors()) {
        sema::SemaOptions so;
        for (const auto& p : lib->programs) so.library.push_back(p.get());
        so.check_library = check_library;
        c.prog = sema::analyze(*parsed.program, types, registry, so, diags);
    }
    if (diags.has_errors()) c.error = diags.items()[0].tag + ": " + diags.items()[0].message;
    return c;
}

bool have_btf() {
    return access("/sys/kernel/btf/vmlinux", R_OK) == 0;
}

}  // namespace

TEST(Dlib, ParsesKernelVersions) {
    auto v = dlib::parse_version("6.18.44-fc-v595");
    ASSERT_TRUE(v);
    EXPECT_EQ(v->major, 6);
    EXPECT_EQ(v->minor, 18);
    EXPECT_FALSE(dlib::parse_version("6"));
    EXPECT_FALSE(dlib::parse_version("x.1"));
    EXPECT_TRUE((dlib::KernelVersion{5, 14} <= dlib::KernelVersion{5, 16}));
    EXPECT_FALSE((dlib::KernelVersion{6, 1} <= dlib::KernelVersion{5, 16}));
}

TEST(Dlib, HighestVersionNotAboveTheKernelWins) {
    std::vector<dlib::File> files = {
        {"a.d", "inline int A = 1;"},     {"5.14/a.d", "inline int A = 2;"},
        {"6.1/a.d", "inline int A = 3;"}, {"b.d", "inline int B = 1;"},
        {"9.0/c.d", "inline int C = 1;"},
    };
    std::string why;
    EXPECT_EQ(paths(dlib::select(files, {5, 10}, &why)), (std::vector<std::string>{"a.d", "b.d"}));
    EXPECT_EQ(paths(dlib::select(files, {5, 16}, &why)),
              (std::vector<std::string>{"5.14/a.d", "b.d"}));
    EXPECT_EQ(paths(dlib::select(files, {6, 18}, &why)),
              (std::vector<std::string>{"6.1/a.d", "b.d"}));
    EXPECT_EQ(why, "");
}

TEST(Dlib, DependsOnLibraryOrdersFiles) {
    std::vector<dlib::File> files = {
        {"a.d", "#pragma D depends_on library c.d\ninline int A = C;"},
        {"b.d", "inline int B = 1;"},
        {"c.d", "#pragma D depends_on library b.d\ninline int C = B;"},
    };
    std::string why;
    EXPECT_EQ(paths(dlib::select(files, {6, 0}, &why)),
              (std::vector<std::string>{"b.d", "c.d", "a.d"}));
    files.push_back({"d.d", "#pragma D depends_on library nosuch.d\n"});
    EXPECT_TRUE(dlib::select(files, {6, 0}, &why).empty());
    EXPECT_EQ(why, "library nosuch.d is not available for this kernel");
    std::vector<dlib::File> loop = {{"x.d", "#pragma D depends_on library y.d\n"},
                                    {"y.d", "#pragma D depends_on library x.d\n"}};
    EXPECT_TRUE(dlib::select(loop, {6, 0}, &why).empty());
    EXPECT_EQ(why, "circular library dependency on x.d");
}

TEST(Dlib, LaterFilesKnowEarlierDeclarations) {
    std::vector<dlib::File> files = {
        {"a.d", "typedef struct lt_s { int v; } lt_s_t;"},
        {"b.d", "#pragma D depends_on library a.d\ninline lt_s_t *lt_p = (lt_s_t *)0;"},
    };
    DiagnosticList diags;
    auto lib = dlib::load(files, {6, 0}, diags);
    ASSERT_TRUE(lib) << diags.items()[0].message;
    EXPECT_EQ(lib->programs.size(), 2u);
    EXPECT_TRUE(lib->names->program_typedef("lt_s_t"));
}

// A library file is compiled whole and set aside (DTrace's dt_load_libs_dir): its clauses are
// checked, never kept; an error names the file as its directory was given, and the line.
TEST(Dlib, LibraryClausesAreCheckedAndSetAside) {
    sema::TypeTable types;
    probes::Registry registry;
    auto check = [&](const std::string& lib_text, std::string* error) -> size_t {
        std::vector<dlib::File> files = {{"lt_lib.d", lib_text, "dir/lt_lib.d"}};
        DiagnosticList diags;
        auto lib = dlib::load(files, {6, 0}, diags);
        if (!lib) {
            *error = diags.items()[0].message;
            EXPECT_EQ(diags.items()[0].range.begin.line, 0u);
            return 0;
        }
        EXPECT_EQ(lib->shown, (std::vector<std::string>{"dir/lt_lib.d"}));
        frontend::SourceBuffer src("t.d", "BEGIN { trace(LT_LIB); }");
        frontend::ParseOptions po;
        po.known = lib->names;
        auto parsed = frontend::parse_program(src, po, diags);
        sema::SemaOptions so;
        for (const auto& p : lib->programs) so.library.push_back(p.get());
        so.library_files = lib->shown;
        auto prog = sema::analyze(*parsed.program, types, registry, so, diags);
        if (!prog) {
            *error = diags.items()[0].message;
            EXPECT_EQ(diags.items()[0].range.begin.line, 0u);
            return 0;
        }
        return prog->clauses.size();
    };
    std::string error;
    EXPECT_EQ(check("inline int LT_LIB = 1;\nBEGIN\n{\n\ttrace(LT_LIB + 1);\n}\n", &error), 1u);
    EXPECT_EQ(error, "");
    check("inline int LT_LIB = 1;\nBEGIN\n{\n\tlt_nonexistent();\n}\n", &error);
    EXPECT_EQ(error, "\"dir/lt_lib.d\", line 4: undefined function name: lt_nonexistent");
    check("inline int LT_LIB = 1;\nBEGIN\n{\n\tx = ;\n}\n", &error);
    EXPECT_EQ(error, "\"dir/lt_lib.d\", line 4: syntax error near \";\"");
}

TEST(Dlib, MissingLibraryDirectoryIsPassedOver) {
    std::deque<std::string> store;
    std::vector<dlib::File> files;
    std::string why;
    EXPECT_TRUE(dlib::read_directory("/nonexistent/lt_libdir", store, files, &why));
    EXPECT_TRUE(files.empty());
    EXPECT_EQ(why, "");
}

TEST(Dlib, EmbeddedLibraryParses) {
    DiagnosticList diags;
    for (dlib::KernelVersion v :
         {dlib::KernelVersion{5, 10}, dlib::KernelVersion{5, 15}, dlib::KernelVersion{6, 18}}) {
        auto lib = dlib::load(dlib::embedded_files(), v, diags);
        ASSERT_TRUE(lib) << diags.items()[0].message;
        EXPECT_GE(lib->programs.size(), 6u);
    }
    std::string why;
    auto files = paths(dlib::select(dlib::embedded_files(), {6, 18}, &why));
    EXPECT_NE(std::find(files.begin(), files.end(), "5.16/task_compat.d"), files.end());
    // task_compat.d comes before procfs.d, which depends on it.
    EXPECT_LT(std::find(files.begin(), files.end(), "5.16/task_compat.d"),
              std::find(files.begin(), files.end(), "procfs.d"));
}

TEST(Dlib, DeclaredNamesListEverythingTheLibraryDeclares) {
    // embed.cmake finds the names with regular expressions; the parser is the reference.
    DiagnosticList diags;
    auto lib = dlib::load(dlib::embedded_files(), {6, 18}, diags);
    ASSERT_TRUE(lib);
    const auto& names = dlib::declared_names();
    auto listed = [&](const std::string& n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    size_t seen = 0;
    for (const auto& p : lib->programs) {
        for (const auto& item : p->items) {
            if (item.inline_def) {
                EXPECT_TRUE(listed(item.inline_def->decl.name)) << item.inline_def->decl.name;
                ++seen;
            }
            if (!item.declaration) continue;
            const auto& base = item.declaration->specs.base;
            if (base.record && !base.name.empty()) {
                EXPECT_TRUE(listed(base.name)) << base.name;
                ++seen;
            }
            for (const auto& d : item.declaration->declarators) {
                EXPECT_TRUE(listed(d.name)) << d.name;
                ++seen;
            }
        }
    }
    EXPECT_GT(seen, 150u);
    EXPECT_TRUE(dlib::mentions_library("BEGIN { trace(curpsinfo->pr_pid); }"));
    EXPECT_TRUE(dlib::mentions_library("x = ENOENT;"));
    EXPECT_FALSE(dlib::mentions_library("BEGIN { trace(pid); exit(0); }"));
    EXPECT_FALSE(dlib::mentions_library("BEGIN { lt_ENOENT = 1; }"));
    // proc and sched probes' args[] are library translations.
    EXPECT_TRUE(dlib::mentions_library("proc:::create { trace(args[0]->pr_pid); }"));
    EXPECT_TRUE(dlib::mentions_library("sched:::on-cpu { @ = count(); }"));
    EXPECT_FALSE(dlib::mentions_library("BEGIN { proc = 1; }"));
}

TEST(Dlib, EveryTranslatorAndInlineChecksAgainstThisKernel) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    auto c = check_with_library("BEGIN { }", true);
    EXPECT_EQ(c.error, "");
}

TEST(Dlib, LibraryNamesInPrograms) {
    if (!have_btf()) GTEST_SKIP() << "no /sys/kernel/btf/vmlinux";
    EXPECT_EQ(
        check_with_library("BEGIN { trace(curpsinfo->pr_pid); trace(curlwpsinfo->pr_psargs); }")
            .error,
        "D_XLATE_NOCONV: translator does not define conversion for member: pr_psargs");
    EXPECT_EQ(check_with_library(
                  "BEGIN { trace(ENOENT + SIGUSR1); trace(curcpu->cpu_id); trace(fds[1].fi_fs); }")
                  .error,
              "");
    EXPECT_EQ(check_with_library("inline int ENOENT = 3;").error.substr(0, 14), "D_DECL_IDRED: ");
}

TEST(Translators, MembersAreTranslatedOneByOne) {
    auto c = check_with_library(
        "struct lt_m { int a; char s[8]; long b; };\n"
        "translator struct lt_m < int x > { a = x + 1; s = \"abc\"; };\n"
        "BEGIN { trace(xlate<struct lt_m *>(2)->a); trace(xlate<struct lt_m>(2).s); }");
    ASSERT_EQ(c.error, "");
    const auto& body = c.prog->clauses[0].body;
    ASSERT_EQ(body.size(), 2u);
    // The member's expression, with the input folded in: x + 1 on 2.
    EXPECT_EQ(body[0]->action->args[0]->kind, sema::NodeKind::Int);
    EXPECT_EQ(body[0]->action->args[0]->value, 3u);
    EXPECT_EQ(body[0]->action->args[0]->type->name, "int");
    // A char array member is a string.
    EXPECT_TRUE(body[1]->action->args[0]->type->is_string());
}

TEST(Translators, Errors) {
    // The type table lives across checks: each case declares its own struct.
    auto out = [](int n) { return "struct lt_e" + std::to_string(n) + " { int a; int b; };\n"; };
    EXPECT_EQ(check_with_library(out(1) + "translator struct lt_e1 < int x > { c = x; };").error,
              "D_XLATE_MEMB: translator member c is not a member of struct lt_e1");
    EXPECT_EQ(
        check_with_library(out(2) + "translator struct lt_e2 < int x > { a = \"s\"; };").error,
        "D_XLATE_INCOMPAT: translator member a definition uses incompatible types: \"int\" = "
        "\"string\"");
    EXPECT_EQ(check_with_library(out(3) + "translator struct lt_e3 < int x > { a = x; };\n"
                                          "BEGIN { trace(xlate<struct lt_e3 *>(1)->b); }")
                  .error,
              "D_XLATE_NOCONV: translator does not define conversion for member: b");
    EXPECT_EQ(check_with_library(out(4) + "translator struct lt_e4 < int x > { a = x; };\n"
                                          "BEGIN { trace(xlate<struct lt_e4 *>(\"s\")->a); }")
                  .error,
              "D_XLATE_NONE: cannot translate from \"string\" to \"struct lt_e4 *\"");
    EXPECT_EQ(check_with_library(out(5) + "BEGIN { trace(xlate<struct lt_e5 *>(1)->a); }").error,
              "D_XLATE_NONE: cannot translate from \"int\" to \"struct lt_e5 *\"");
    EXPECT_EQ(check_with_library(out(6) + "translator struct lt_e6 < int x > { a = x; };\n"
                                          "BEGIN { trace(xlate<struct lt_e6>(1)->a); }")
                  .error,
              "D_OP_PTR: operator -> must be applied to a pointer");
    // A translated value used whole is built in scratch memory (materialize_xlate).
    EXPECT_EQ(check_with_library(out(7) + "translator struct lt_e7 < int x > { a = x; };\n"
                                          "BEGIN { trace(xlate<struct lt_e7 *>(1)); }")
                  .error,
              "");
    EXPECT_EQ(check_with_library(out(8) + "translator struct lt_e8 < int x > { a = x; };\n"
                                          "BEGIN { trace(x); }")
                  .error,
              "D_IDENT_UNDEF: failed to resolve x: Unknown variable name");
}

TEST(Translators, SelfReferenceIsAnErrorNotAnEndlessExpansion) {
    EXPECT_EQ(check_with_library("struct lt_r1 { int v; };\n"
                                 "translator struct lt_r1 < int x > { v = xlate<struct lt_r1 *>(x)->v; };\n"
                                 "BEGIN { trace(xlate<struct lt_r1 *>(1)->v); }")
                  .error,
              "D_XLATE_MEMB: translator member v of struct lt_r1 is defined in terms of itself");
    // An inline is checked where it is defined, before its name exists (dt_node_inline).
    EXPECT_EQ(check_with_library("inline int lt_self = lt_self + 1;\nBEGIN { trace(lt_self); }").error,
              "D_IDENT_UNDEF: failed to resolve lt_self: Unknown variable name");
}

TEST(Translators, ParameterisedInlines) {
    auto c = check_with_library("inline int lt_sq[int k] = k * k;\nBEGIN { trace(lt_sq[7]); }");
    ASSERT_EQ(c.error, "");
    EXPECT_EQ(c.prog->clauses[0].body[0]->action->args[0]->value, 49u);
    EXPECT_EQ(
        check_with_library("inline int lt_sq[int k] = k * k;\nBEGIN { trace(lt_sq[1, 2]); }").error,
        "D_ARR_BADREF: lt_sq[ ] requires 1 subscript");
}
