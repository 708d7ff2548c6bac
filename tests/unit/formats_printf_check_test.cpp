// Compile-time checking of printf()/printa() arguments: libdtrace's dt_printf_validate
// messages, as Oracle's test/unittest/printf/err.D_PRINTF_*.r and
// test/unittest/actions/printf/err.D_PRINTF_*.r expect them.
#include <gtest/gtest.h>

#include "formats/printf_check.h"

using namespace bdtrace::formats;

namespace {

ArgType Int() {
    return ArgType::integer("int", 4, true);
}
ArgType Str() {
    return ArgType::string();
}

std::optional<bdtrace::Diagnostic> check(std::string_view fmt, std::vector<ArgType> args,
                                         PrintfCheckOptions o = {}) {
    auto parsed = parse_format(fmt);
    EXPECT_TRUE(parsed.format) << fmt;
    if (!parsed.format) return std::nullopt;
    return check_printf_args(*parsed.format, args, o);
}

std::string tag(const std::optional<bdtrace::Diagnostic>& d) {
    return d ? d->tag.str() : "ok";
}
std::string msg(const std::optional<bdtrace::Diagnostic>& d) {
    return d ? d->message : "ok";
}

PrintfCheckOptions printa_opts() {
    PrintfCheckOptions o;
    o.function = "printa";
    o.aggregation = true;
    o.exact_length = false;
    return o;
}

}  // namespace

TEST(OutputPrintfCheck, MatchingArgumentsPass) {
    EXPECT_EQ(tag(check("x = %d y = %d\n", {Int(), Int()})), "ok");
    EXPECT_EQ(tag(check("%s %d %u %x\n", {Str(), Int(), Int(), Int()})), "ok");
    EXPECT_EQ(tag(check("no conversions", {})), "ok");
}

TEST(OutputPrintfCheck, TooManyArguments) {
    auto d = check("x = %d y = %d\n", {Int(), Int(), Int()});
    EXPECT_EQ(tag(d), "D_PRINTF_ARG_EXTRA");
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: only 2 arguments required by this format string");
}

TEST(OutputPrintfCheck, TooManyArgumentsWithPointerWidth) {
    auto d = check("%?d\n", {Int(), Int()});
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: only 1 arguments required by this format string");
}

TEST(OutputPrintfCheck, ExtraArgumentsCountStarValues) {
    auto d = check("%*d\n", {Int(), Int(), Int()});
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: only 2 arguments required by this format string");
}

TEST(OutputPrintfCheck, MissingValue) {
    auto d = check("%s", {});
    EXPECT_EQ(tag(d), "D_PRINTF_ARG_PROTO");
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding value "
              "argument");
}

TEST(OutputPrintfCheck, MissingValueNamesTheConversionWithItsSize) {
    auto d = check("%d %lld", {Int()});
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: conversion #2 (%lld) is missing a corresponding value "
              "argument");
}

TEST(OutputPrintfCheck, MissingPrecisionArgument) {
    auto d = check("%s %.*d\n", {Str()});
    EXPECT_EQ(tag(d), "D_PRINTF_DYN_PROTO");
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding \".*\" "
              "argument");
}

TEST(OutputPrintfCheck, MissingWidthArgument) {
    auto d = check("%s %*d\n", {Str()});
    EXPECT_EQ(tag(d), "D_PRINTF_DYN_PROTO");
    EXPECT_EQ(msg(d),
              "printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding \"*\" "
              "argument");
}

TEST(OutputPrintfCheck, PrecisionArgumentMustBeInteger) {
    auto d = check("%.*d\n", {Str(), Int()});
    EXPECT_EQ(tag(d), "D_PRINTF_DYN_TYPE");
    EXPECT_EQ(msg(d),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: % .* d\n\t prototype: int\n\t  argument: string");
}

TEST(OutputPrintfCheck, WidthArgumentIsCheckedBeforePrecision) {
    auto d = check("%*.*d", {Str(), Str(), Int()});
    EXPECT_EQ(tag(d), "D_PRINTF_DYN_TYPE");
    EXPECT_EQ(msg(d),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: % * d\n\t prototype: int\n\t  argument: string");
}

TEST(OutputPrintfCheck, ValueAfterStarsIsNumberedAfterThem) {
    auto d = check("%*.*d", {Int(), Int(), Str()});
    EXPECT_EQ(tag(d), "D_PRINTF_ARG_TYPE");
    EXPECT_EQ(msg(d),
              "printf( ) argument #4 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
              "\t  argument: string");
}

TEST(OutputPrintfCheck, StringForIntegerConversion) {
    auto d = check("%d", {Str()});
    EXPECT_EQ(msg(d),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
              "\t  argument: string");
}

TEST(OutputPrintfCheck, AggregationAsPrintfValue) {
    auto d = check("hello %d %d", {Int(), ArgType::other("aggregation")});
    EXPECT_EQ(msg(d),
              "printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
              "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
              "\t  argument: aggregation");
}

TEST(OutputPrintfCheck, VoidForString) {
    auto d = check("%s", {ArgType::other("void")});
    EXPECT_EQ(msg(d),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: void");
}

TEST(OutputPrintfCheck, AggregationConversionOutsidePrinta) {
    auto d = check("%@d", {});
    EXPECT_EQ(tag(d), "D_PRINTF_AGG_CONV");
    EXPECT_EQ(msg(d), "%@ conversion requires an aggregation and is not for use with printf( )");
}

TEST(OutputPrintfCheck, EmptyFormat) {
    auto d = check("", {});
    EXPECT_EQ(tag(d), "D_PRINTF_FMT_EMPTY");
    EXPECT_EQ(msg(d), "printf( ) format string is empty");
}

TEST(OutputPrintfCheck, FunctionNameAppearsInMessages) {
    PrintfCheckOptions o;
    o.function = "system";
    EXPECT_EQ(msg(check("", {}, o)), "system( ) format string is empty");
    EXPECT_EQ(msg(check("%@d", {}, o)),
              "%@ conversion requires an aggregation and is not for use with system( )");
}

TEST(OutputPrintfCheck, PrintaAcceptsAggregationConversion) {
    EXPECT_EQ(tag(check("%s %@d\n", {Str()}, printa_opts())), "ok");
    EXPECT_EQ(tag(check("%@8u %@8u\n", {}, printa_opts())), "ok");
}

TEST(OutputPrintfCheck, PrintaValueIsInt64OrUint64ForCount) {
    auto d = check("%@s", {}, printa_opts());
    EXPECT_EQ(tag(d), "D_PRINTF_ARG_TYPE");
    EXPECT_EQ(msg(d),
              "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
              "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: int64_t");
    auto o = printa_opts();
    o.agg_is_count = true;
    EXPECT_EQ(msg(check("%@s", {}, o)),
              "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
              "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: uint64_t");
}

TEST(OutputPrintfCheck, PrintaDoesNotRequireExactLength) {
    EXPECT_EQ(tag(check("%d\n", {Int(), Int()}, printa_opts())), "ok");
}

TEST(OutputPrintfCheck, PercentConsumesNothing) {
    EXPECT_EQ(tag(check("%% %d %%", {Int()})), "ok");
}

TEST(OutputPrintfCheck, ShortConversions) {
    auto sh = ArgType::integer("short", 2, true);
    auto ush = ArgType::integer("unsigned short", 2, false);
    EXPECT_EQ(tag(check("%hd", {sh})), "ok");
    EXPECT_EQ(tag(check("%hu", {ush})), "ok");
    EXPECT_EQ(tag(check("%hx", {ush})), "ok");
    EXPECT_EQ(tag(check("%hX", {sh})), "ok");
    EXPECT_EQ(msg(check("%hu", {sh})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %hu\n\t prototype: unsigned short\n\t  argument: short");
    EXPECT_EQ(msg(check("%hx", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %hx\n\t prototype: short\n\t  argument: int");
}

TEST(OutputPrintfCheck, ShortTypedefsResolveToTheirBase) {
    auto u = ArgType::integer("ushort_t", 2, false, "unsigned short");
    EXPECT_EQ(tag(check("%hx", {u})), "ok");
    EXPECT_EQ(tag(check("%ho", {u})), "ok");
}

TEST(OutputPrintfCheck, LongConversions) {
    auto l = ArgType::integer("long", 8, true);
    auto ul = ArgType::integer("ulong_t", 8, false, "unsigned long");
    auto ll = ArgType::integer("long long", 8, true);
    EXPECT_EQ(tag(check("%ld %li", {l, l})), "ok");
    EXPECT_EQ(tag(check("%lu %lo %lx %lX", {ul, ul, ul, l})), "ok");
    EXPECT_EQ(tag(check("%ld", {ll})), "ok");  // same encoding on LP64
    EXPECT_EQ(msg(check("%lx", {ll})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %lx\n\t prototype: long\n\t  argument: long long");
    EXPECT_EQ(msg(check("%ld", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %ld\n\t prototype: long\n\t  argument: int");
}

TEST(OutputPrintfCheck, LongLongHexTakesInt64Typedefs) {
    auto u64 = ArgType::integer("uint64_t", 8, false, "unsigned long");
    auto mine = ArgType::integer("my_t", 8, false, "unsigned long");
    mine.typedefs = {"my_t", "uint64_t"};
    auto l = ArgType::integer("long", 8, true);
    EXPECT_EQ(tag(check("%llx", {u64})), "ok");
    EXPECT_EQ(tag(check("%llX", {mine})), "ok");
    EXPECT_EQ(tag(check("%llx", {ArgType::integer("unsigned long long", 8, false)})), "ok");
    EXPECT_EQ(msg(check("%llx", {l})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %llx\n\t prototype: long long\n\t  argument: long");
}

TEST(OutputPrintfCheck, CharShortIntConversions) {
    EXPECT_EQ(tag(check("%c %C", {ArgType::integer("char", 1, true), Int()})), "ok");
    EXPECT_EQ(msg(check("%c", {ArgType::integer("long", 8, true)})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: long");
}

TEST(OutputPrintfCheck, FloatConversions) {
    auto d = ArgType::floating("double", 8);
    auto ld = ArgType::floating("long double", 16);
    EXPECT_EQ(tag(check("%e %E %f %g %G", {d, d, d, d, d})), "ok");
    EXPECT_EQ(tag(check("%Lf %Le", {ld, ld})), "ok");
    EXPECT_EQ(msg(check("%f", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %f\n\t prototype: float, double, or long double\n\t  argument: int");
    EXPECT_EQ(msg(check("%Lf", {d})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %Lf\n\t prototype: long double\n\t  argument: double");
}

TEST(OutputPrintfCheck, TimeConversionsNeedEightBytes) {
    auto u64 = ArgType::integer("uint64_t", 8, false, "unsigned long");
    EXPECT_EQ(tag(check("%Y %T", {u64, u64})), "ok");
    EXPECT_EQ(msg(check("%Y", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %Y\n\t prototype: int64_t\n\t  argument: int");
}

TEST(OutputPrintfCheck, StackConversion) {
    EXPECT_EQ(tag(check("%k", {ArgType::stack()})), "ok");
    EXPECT_EQ(msg(check("%k", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %k\n\t prototype: stack\n\t  argument: int");
}

TEST(OutputPrintfCheck, KernelAddressConversion) {
    ArgType sym = ArgType::other("_symaddr");
    sym.kind = ArgType::Kind::SymAddr;
    EXPECT_EQ(tag(check("%a %a %a", {ArgType::pointer(), Int(), sym})), "ok");
    EXPECT_EQ(msg(check("%a", {Str()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %a\n\t prototype: pointer or integer\n\t  argument: string");
}

TEST(OutputPrintfCheck, UserAddressNeedsTargetForPlainPointers) {
    ArgType usym = ArgType::other("_usymaddr");
    usym.kind = ArgType::Kind::USymAddr;
    EXPECT_EQ(tag(check("%A", {usym})), "ok");
    EXPECT_EQ(msg(check("%A", {ArgType::pointer()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %A\n\t prototype: pointer or integer (with -p/-c) or _usymaddr "
              "(without -p/-c)\n\t  argument: void *");
    PrintfCheckOptions o;
    o.have_target = true;
    EXPECT_EQ(tag(check("%A", {ArgType::pointer()}, o)), "ok");
}

TEST(OutputPrintfCheck, PointerConversion) {
    EXPECT_EQ(tag(check("%p %p", {ArgType::pointer("int *"), Int()})), "ok");
    EXPECT_EQ(msg(check("%p", {Str()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %p\n\t prototype: pointer or integer\n\t  argument: string");
}

TEST(OutputPrintfCheck, StringConversionsTakeCharArrays) {
    EXPECT_EQ(tag(check("%s %S", {ArgType::char_array(16), Str()})), "ok");
    EXPECT_EQ(msg(check("%S", {Int()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %S\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: int");
    EXPECT_EQ(msg(check("%s", {ArgType::pointer("char *")})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
              "\t  argument: char *");
}

TEST(OutputPrintfCheck, WideConversions) {
    ArgType w = ArgType::other("wchar_t [8]");
    w.kind = ArgType::Kind::WCharArray;
    EXPECT_EQ(tag(check("%ls %ws %lc %wc", {w, w, Int(), Int()})), "ok");
    EXPECT_EQ(msg(check("%ls", {Str()})),
              "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %ls\n\t prototype: wchar_t []\n\t  argument: string");
}

TEST(OutputPrintfCheck, FirstArgumentNumberFollowsTheFormatPosition) {
    PrintfCheckOptions o;
    o.first_argument_number = 3;  // e.g. an action whose format is its second argument
    EXPECT_EQ(msg(check("%d", {Str()}, o)),
              "printf( ) argument #3 is incompatible with conversion #1 prototype:\n"
              "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
              "\t  argument: string");
}

TEST(OutputPrintfCheck, FormatNotAStringConstant) {
    auto d = format_not_constant("printf", "int");
    EXPECT_EQ(d.tag, "D_PRINTF_ARG_FMT");
    EXPECT_EQ(d.message,
              "printf( ) argument #1 is incompatible with prototype:\n"
              "\tprototype: string constant\n\t argument: int");
}
