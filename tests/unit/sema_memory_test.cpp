// The memory subroutines' prototypes (DTrace's dt_open.c) and argument checks.
#include <gtest/gtest.h>

#include "frontend/parse.h"
#include "sema/sema.h"

using namespace bdtrace;

namespace {

std::string error_of(const std::string& text) {
    static sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", text);
    DiagnosticList diags;
    frontend::ParseOptions po;
    po.is_type_name = [](const std::string& n) { return types.has_typedef(n); };
    auto parsed = frontend::parse_program(src, po, diags);
    if (!diags.has_errors()) sema::analyze(*parsed.program, types, registry, {}, diags);
    return diags.has_errors() ? diags.items()[0].tag + ": " + diags.items()[0].message : "";
}

const sema::Type* type_of(const std::string& expr) {
    static sema::TypeTable types;
    probes::Registry registry;
    frontend::SourceBuffer src("t.d", "BEGIN { x = " + expr + "; }");
    DiagnosticList diags;
    auto parsed = frontend::parse_program(src, {}, diags);
    static std::vector<std::unique_ptr<sema::TypedProgram>> keep;
    keep.push_back(sema::analyze(*parsed.program, types, registry, {}, diags));
    if (diags.has_errors() || !keep.back()) return nullptr;
    return keep.back()->globals[0]->type;
}

}  // namespace

TEST(SemaMemory, ResultTypes) {
    EXPECT_EQ(type_of("copyin(0, 4)")->name, "void *");
    EXPECT_EQ(type_of("alloca(4)")->name, "void *");
    EXPECT_EQ(type_of("copyinstr(0)")->name, "string");
    EXPECT_EQ(type_of("copyinstr(0, 4)")->name, "string");
    EXPECT_EQ(type_of("rand()")->name, "int");
    EXPECT_EQ(type_of("progenyof(1)")->name, "int");
}

TEST(SemaMemory, ArgumentCounts) {
    EXPECT_EQ(error_of("BEGIN { x = copyin(0); }"), "D_PROTO_LEN: copyin( ) prototype mismatch: 1 arg passed, 2 expected");
    EXPECT_EQ(error_of("BEGIN { x = copyinstr(); }"),
              "D_PROTO_LEN: copyinstr( ) prototype mismatch: 0 args passed, at least 1 expected");
    EXPECT_EQ(error_of("BEGIN { x = copyinstr(0, 1, 2); }"),
              "D_PROTO_LEN: copyinstr( ) prototype mismatch: 3 args passed, at least 1 expected");
    EXPECT_EQ(error_of("BEGIN { x = rand(1); }"), "D_PROTO_LEN: rand( ) prototype mismatch: 1 arg passed, 0 expected");
    EXPECT_EQ(error_of("BEGIN { x = alloca(); }"), "D_PROTO_LEN: alloca( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(error_of("BEGIN { bcopy(0, 0); }"), "D_PROTO_LEN: bcopy( ) prototype mismatch: 2 args passed, 3 expected");
    EXPECT_EQ(error_of("BEGIN { copyinto(0, 1, 0, 3); }"),
              "D_PROTO_LEN: copyinto( ) prototype mismatch: 4 args passed, 3 expected");
}

TEST(SemaMemory, ArgumentTypes) {
    EXPECT_EQ(error_of("BEGIN { x = copyinstr(\"a\"); }"),
              "D_PROTO_ARG: copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: string");
    EXPECT_EQ(error_of("BEGIN { x = copyin((char *)0, 1); }"),
              "D_PROTO_ARG: copyin( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: char *");
    EXPECT_EQ(error_of("BEGIN { x = copyinstr(0, \"a\"); }"),
              "D_PROTO_ARG: copyinstr( ) argument #2 is incompatible with prototype:\n\tprototype: size_t\n\t argument: string");
    EXPECT_EQ(error_of("BEGIN { n = 1; bcopy(n, alloca(1), 1); }"),
              "D_PROTO_ARG: bcopy( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int");
    EXPECT_EQ(error_of("BEGIN { x = progenyof(\"1\"); }"),
              "D_PROTO_ARG: progenyof( ) argument #1 is incompatible with prototype:\n\tprototype: pid_t\n\t argument: string");
    // void * takes any pointer, a string and the constant 0.
    EXPECT_EQ(error_of("BEGIN { bcopy((int *)0, alloca(4), 4); bcopy(\"abc\", alloca(4), 4); copyinto(0, 1, 0); }"), "");
}
