// print()'s layout (runtime/print_type.cpp): illumos DTrace's ::print -tn style.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "runtime/print_type.h"

using bdtrace::runtime::format_print;
using bdtrace::sema::Member;
using bdtrace::sema::Type;
using bdtrace::sema::TypeKind;

namespace {

Type integer(const char* name, uint64_t size, bool is_signed) {
    Type t;
    t.kind = TypeKind::Integer;
    t.name = name;
    t.size = size;
    t.align = static_cast<uint32_t>(size);
    t.is_signed = is_signed;
    return t;
}

std::string bytes_of(const void* p, size_t n) { return std::string(static_cast<const char*>(p), n); }

}  // namespace

TEST(PrintType, ScalarsByType) {
    Type i = integer("int", 4, true);
    int32_t v = 42;
    EXPECT_EQ(format_print(i, bytes_of(&v, 4)), "int 0x2a\n");
    v = 0;
    EXPECT_EQ(format_print(i, bytes_of(&v, 4)), "int 0\n");  // %#x of 0 has no 0x
    Type s = integer("short", 2, true);
    int16_t h = -1;
    EXPECT_EQ(format_print(s, bytes_of(&h, 2)), "short 0xffff\n");
    Type c = integer("char", 1, true);
    EXPECT_EQ(format_print(c, "A"), "char 'A'\n");
    EXPECT_EQ(format_print(c, std::string(1, '\0')), "char '\\0'\n");
    EXPECT_EQ(format_print(c, "\x01"), "char '\\001'\n");
    Type uc = integer("unsigned char", 1, false);
    EXPECT_EQ(format_print(uc, "A"), "unsigned char 0x41\n");  // only signed chars are quoted
    Type p;
    p.kind = TypeKind::Pointer;
    p.name = "char *";
    p.size = 8;
    p.target = &c;
    uint64_t addr = 0x1000;
    EXPECT_EQ(format_print(p, bytes_of(&addr, 8)), "char * 0x1000\n");
}

TEST(PrintType, StringsAndCharArrays) {
    Type str;
    str.kind = TypeKind::String;
    str.name = "string";
    str.size = 8;
    EXPECT_EQ(format_print(str, std::string("abc\0\0\0\0\0", 8)), "string \"abc\"\n");
    Type c = integer("char", 1, true);
    Type arr;
    arr.kind = TypeKind::Array;
    arr.name = "char [3]";
    arr.size = 3;
    arr.count = 3;
    arr.target = &c;
    // Not NUL-terminated within the array: each char, in brackets.
    EXPECT_EQ(format_print(arr, "xyz"), "char [3] [ 'x', 'y', 'z' ]\n");
    Type ints;
    Type i = integer("int", 4, true);
    ints.kind = TypeKind::Array;
    ints.name = "int [3]";
    ints.size = 12;
    ints.count = 3;
    ints.target = &i;
    int32_t v[3] = {1, 2, 0};
    EXPECT_EQ(format_print(ints, bytes_of(v, 12)), "int [3] [ 0x1, 0x2, 0 ]\n");
}

TEST(PrintType, StructMembersOneALine) {
    Type i = integer("int", 4, true);
    Type c = integer("char", 1, true);
    Type u = integer("unsigned int", 4, false);
    Type name;
    name.kind = TypeKind::Array;
    name.name = "char [4]";
    name.size = 4;
    name.count = 4;
    name.target = &c;
    Type inner;
    inner.kind = TypeKind::Struct;
    inner.name = "struct in";
    inner.size = 4;
    inner.members = {Member{"x", &i, 0, 0}};
    Type outer;
    outer.kind = TypeKind::Struct;
    outer.name = "struct out";
    outer.size = 16;
    outer.members = {Member{"a", &i, 0, 0}, Member{"in", &inner, 32, 0}, Member{"name", &name, 64, 0},
                     Member{"flags", &u, 96, 3}};
    unsigned char data[16] = {};
    int32_t a = 7, x = -2;
    std::memcpy(data, &a, 4);
    std::memcpy(data + 4, &x, 4);
    std::memcpy(data + 8, "ab", 3);
    data[12] = 0x5;  // a 3-bit field: 5
    EXPECT_EQ(format_print(outer, bytes_of(data, 16)),
              "struct out {\n"
              "    int a = 0x7\n"
              "    struct in in = {\n"
              "        int x = 0xfffffffe\n"
              "    }\n"
              "    char [4] name = [ \"ab\" ]\n"
              "    unsigned int flags :3 = 0x5\n"
              "}");
}

TEST(PrintType, EnumsByName) {
    Type e;
    e.kind = TypeKind::Enum;
    e.name = "enum color";
    e.size = 4;
    e.enumerators = {{"RED", 0}, {"GREEN", 1}};
    int32_t v = 1;
    EXPECT_EQ(format_print(e, bytes_of(&v, 4)), "enum color GREEN\n");
    v = 9;
    EXPECT_EQ(format_print(e, bytes_of(&v, 4)), "enum color 9\n");
}
