// DTrace's prototypes of tracing and aggregating functions (sema/prototypes.cpp), read as
// dt_idcook_func reads them and checked as dt_idcook_sign checks a call.
#include <gtest/gtest.h>

#include "sema/prototypes.h"

using namespace bdtrace::sema;

TEST(Prototypes, Signatures) {
    Parameters p = parse_signature("void(@, size_t, ...)");
    ASSERT_EQ(p.types.size(), 3u);
    EXPECT_EQ(p.types[1], "size_t");
    EXPECT_EQ(p.varargs, 2);
    EXPECT_EQ(p.optargs, -1);
    Parameters q = parse_signature("void(const char *, [const char *])");
    ASSERT_EQ(q.types.size(), 2u);
    EXPECT_EQ(q.types[1], "const char *");
    EXPECT_EQ(q.optargs, 1);
    EXPECT_TRUE(parse_signature("void()").types.empty());
}

TEST(Prototypes, MismatchInDTracesWords) {
    auto check = [](const char* name, size_t argc) {
        const Prototype* p = find_prototype(name);
        return p ? prototype_mismatch(name, parse_signature(p->signature), argc) : std::string("?");
    };
    EXPECT_EQ(check("trace", 0), "trace( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(check("trace", 1), "");
    EXPECT_EQ(check("printf", 0), "printf( ) prototype mismatch: 0 args passed, 1 expected");
    EXPECT_EQ(check("printf", 5), "");
    EXPECT_EQ(check("tracemem", 1), "tracemem( ) prototype mismatch: 1 arg passed, 2 expected");
    EXPECT_EQ(check("tracemem", 4), "");  // past the varargs: tracemem()'s own check
    EXPECT_EQ(check("panic", 1), "panic( ) prototype mismatch: 1 arg passed, 0 expected");
    EXPECT_EQ(check("setopt", 0), "setopt( ) prototype mismatch: 0 args passed, at least 1 expected");
    EXPECT_EQ(check("setopt", 3), "setopt( ) prototype mismatch: 3 args passed, at least 1 expected");
    EXPECT_EQ(check("setopt", 2), "");
    EXPECT_EQ(check("count", 1), "count( ) prototype mismatch: 1 arg passed, 0 expected");
    EXPECT_EQ(check("clear", 9), "");  // "void(...)": clear() counts for itself
}

TEST(Prototypes, Kinds) {
    ASSERT_NE(find_prototype("sum"), nullptr);
    EXPECT_EQ(find_prototype("sum")->kind, Prototype::Kind::Aggregating);
    EXPECT_EQ(find_prototype("freopen")->kind, Prototype::Kind::Action);
    EXPECT_STREQ(kind_name(Prototype::Kind::Action), "tracing function");
    EXPECT_STREQ(kind_name(Prototype::Kind::Aggregating), "aggregating function");
    EXPECT_EQ(find_prototype("strlen"), nullptr);  // a subroutine, checked elsewhere
}
