// trace() and tracemem() output. Classic widths come from dt_consume.c (illumos/FreeBSD,
// DTrace for Linux 1.x); the Oracle 2.x widths and the whole-output samples come from Oracle's
// test/unittest/actions/trace/*.r and test/unittest/trace/tst.string.r.
#include <gtest/gtest.h>

#include "output/probe_line.h"
#include "output/trace_format.h"

using namespace bdtrace::output;

namespace {

std::string trace(const Value& v, bool quiet = false) {
    TraceOptions o;
    o.quiet = quiet;
    return format_trace(v, o);
}

std::string otrace(const Value& v, bool quiet = false, bool rawbytes = false) {
    TraceOptions o;
    o.quiet = quiet;
    o.rawbytes = rawbytes;
    o.style = TraceStyle::Oracle;
    return format_trace(v, o);
}

const std::string kDumpHeader =
    "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n";

// A whole dtrace run in testing mode: BEGIN fires once and traces these values, then exit.
std::string begin_run(const std::vector<Value>& values, TraceStyle style) {
    ProbeLineOptions po;
    po.testing = true;
    ProbeLinePrinter p(po);
    FiringDesc f;
    f.probe_id = 1;
    f.epid = 1;
    f.provider = "dtrace";
    f.name = "BEGIN";
    std::string out = p.begin(f);
    TraceOptions o;
    o.style = style;
    for (const auto& v : values) out += format_trace(v, o);
    out += p.end();
    out += exit_newline();
    return out;
}

}  // namespace

TEST(OutputTrace, ClassicEightByteIsSignedInSixteenColumns) {
    EXPECT_EQ(trace(Value::u64(4096)), "             4096");
    EXPECT_EQ(trace(Value::i64(-1)), "               -1");
    EXPECT_EQ(trace(Value::u64(UINT64_MAX)), "               -1");
    EXPECT_EQ(trace(Value::i64(INT64_MIN)), " -9223372036854775808");
}

TEST(OutputTrace, ClassicFourByteIsSignedInEightColumns) {
    EXPECT_EQ(trace(Value::u32(12345)), "    12345");
    EXPECT_EQ(trace(Value::i32(-1)), "       -1");
    EXPECT_EQ(trace(Value::u32(0xffffffffu)), "       -1");
}

TEST(OutputTrace, ClassicTwoByteIsUnsignedInFiveColumns) {
    EXPECT_EQ(trace(Value::u16(7)), "     7");
    EXPECT_EQ(trace(Value::i16(-1)), " 65535");
}

TEST(OutputTrace, ClassicOneByteIsUnsignedInThreeColumns) {
    EXPECT_EQ(trace(Value::u8(7)), "   7");
    EXPECT_EQ(trace(Value::i8(-1)), " 255");
}

TEST(OutputTrace, ClassicQuietIntegersHaveNoPadding) {
    EXPECT_EQ(trace(Value::u64(4096), true), "4096");
    EXPECT_EQ(trace(Value::i32(-1), true), "-1");
    EXPECT_EQ(trace(Value::i16(-1), true), "65535");
    EXPECT_EQ(trace(Value::i8(-1), true), "255");
}

TEST(OutputTrace, StringIsLeftAlignedInThirtyThreeAfterTwoBlanks) {
    EXPECT_EQ(trace(Value::string("hello", 256)), "  hello" + std::string(28, ' '));
}

TEST(OutputTrace, LongStringIsNotCut) {
    std::string s(40, 'x');
    EXPECT_EQ(trace(Value::string(s, 256)), "  " + s);
}

TEST(OutputTrace, QuietStringHasNoPadding) {
    EXPECT_EQ(trace(Value::string("hello", 256), true), "hello");
}

TEST(OutputTrace, ClassicEmptyStringIsDumped) {
    // An all-NUL record fails the printable-text test at its first byte.
    EXPECT_EQ(trace(Value::string("", 4)),
              kDumpHeader + "         0: 00 00 00 00" + std::string(12 * 3 + 2, ' ') + "....\n");
}

TEST(OutputTrace, CharArrayWithoutNulPrintsAsTextEvenQuiet) {
    EXPECT_EQ(trace(Value::raw("aAbBcCdDe")), "  aAbBcCdDe" + std::string(24, ' '));
    EXPECT_EQ(trace(Value::raw("abc"), true), "  abc" + std::string(30, ' '));
}

TEST(OutputTrace, BellAndBackspaceCountAsPrintable) {
    EXPECT_EQ(trace(Value::raw(std::string("a\bb\0", 4)), true), "a\bb");
}

TEST(OutputTrace, BytesAfterTheNulMakeItBinary) {
    EXPECT_EQ(trace(Value::raw(std::string("aA\0B\0C\0De", 9))),
              kDumpHeader + "         0: 61 41 00 42 00 43 00 44 65" + std::string(23, ' ') +
                  "aA.B.C.De\n");
}

TEST(OutputTrace, StructIsDumped) {
    std::string b("\x34\x12\0\0\0\0\0\0\x76\x98\0\0", 12);
    EXPECT_EQ(trace(Value::raw(b)), kDumpHeader +
                                        "         0: 34 12 00 00 00 00 00 00 76 98 00 00" +
                                        std::string(14, ' ') + "4.......v...\n");
}

TEST(OutputTrace, RawbytesForcesTheDumpForStrings) {
    TraceOptions o;
    o.rawbytes = true;
    EXPECT_EQ(format_trace(Value::string("ab", 2), o),
              kDumpHeader + "         0: 61 62" + std::string(14 * 3 + 2, ' ') + "ab\n");
}

TEST(OutputTrace, RawbytesLeavesClassicIntegersAlone) {
    TraceOptions o;
    o.rawbytes = true;
    EXPECT_EQ(format_trace(Value::i32(5), o), "        5");
}

TEST(OutputTrace, DumpOfSeventeenBytesHasTwoLines) {
    std::string b;
    for (int i = 0; i < 17; ++i) b += static_cast<char>('a' + i);
    EXPECT_EQ(format_rawbytes(b),
              kDumpHeader +
                  "         0: 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f 70  abcdefghijklmnop\n"
                  "        10: 71" +
                  std::string(15 * 3 + 2, ' ') + "q\n");
}

TEST(OutputTrace, DumpShowsNonAsciiAsDots) {
    EXPECT_EQ(
        format_rawbytes(std::string("\x7f\x80\xff ~", 5)),
        kDumpHeader + "         0: 7f 80 ff 20 7e" + std::string(11 * 3 + 2, ' ') + "... ~\n");
}

TEST(OutputTrace, DumpOffsetsAreHex) {
    std::string b(0x101, 'z');
    std::string d = format_rawbytes(b);
    EXPECT_NE(d.find("\n        f0: 7a"), std::string::npos);
    EXPECT_NE(d.find("\n       100: 7a" + std::string(15 * 3 + 2, ' ') + "z\n"), std::string::npos);
}

TEST(OutputTrace, EmptyDumpPrintsNothing) {
    EXPECT_EQ(format_rawbytes(""), "");
    EXPECT_EQ(format_bytes("", -33, false, false), "");
}

TEST(OutputTrace, TracememIsAlwaysTheDump) {
    EXPECT_EQ(format_tracemem("hi"),
              kDumpHeader + "         0: 68 69" + std::string(14 * 3 + 2, ' ') + "hi\n");
}

TEST(OutputTrace, TracememDynamicSizeLimits) {
    EXPECT_EQ(format_tracemem("abcdefgh", 3), format_rawbytes("abc"));
    EXPECT_EQ(format_tracemem("abc", 10), format_rawbytes("abc"));
    EXPECT_EQ(format_tracemem("abc", 0), "");
}

TEST(OutputTrace, PositiveWidthRightAlignsNulTerminatedText) {
    EXPECT_EQ(format_bytes(std::string("ab\0", 3), 5, false, false), "    ab");
    EXPECT_EQ(format_bytes(std::string("ab\0", 3), -50, false, false),
              "  ab" + std::string(48, ' '));
}

TEST(OutputTrace, SymbolField) {
    EXPECT_EQ(format_symbol_field("vmlinux`vfs_read"), "  vmlinux`vfs_read" + std::string(34, ' '));
    EXPECT_EQ(trace(Value::symbol("vmlinux")), "  vmlinux" + std::string(43, ' '));
}

TEST(OutputTrace, StackFramesUseTheStackIndent) {
    EXPECT_EQ(trace(Value::stack({"vmlinux`vfs_read", "vmlinux`ksys_read+0x6f"})),
              "\n              vmlinux`vfs_read\n              vmlinux`ksys_read+0x6f\n");
    TraceOptions o;
    o.stack_indent = 2;
    EXPECT_EQ(format_trace(Value::stack({"a`b"}), o), "\n  a`b\n");
}

TEST(OutputTrace, OracleSignedWidths) {
    EXPECT_EQ(otrace(Value::i8(-1)), "  -1");
    EXPECT_EQ(otrace(Value::i16(-1)), "    -1");
    EXPECT_EQ(otrace(Value::i32(-1)), "         -1");
    EXPECT_EQ(otrace(Value::i64(-1)), std::string(18, ' ') + "-1");
}

TEST(OutputTrace, OracleUnsignedWidths) {
    EXPECT_EQ(otrace(Value::u8(255)), " 255");
    EXPECT_EQ(otrace(Value::u16(65535)), " 65535");
    EXPECT_EQ(otrace(Value::u32(0xffffffffu)), " 4294967295");
    EXPECT_EQ(otrace(Value::u64(UINT64_MAX)), " 18446744073709551615");
    EXPECT_EQ(otrace(Value::u64(1)), std::string(20, ' ') + "1");
}

TEST(OutputTrace, OracleQuiet) {
    EXPECT_EQ(otrace(Value::i8(-1), true), "-1");
    EXPECT_EQ(otrace(Value::u64(UINT64_MAX), true), "18446744073709551615");
    EXPECT_EQ(otrace(Value::string("", 256), true), "");
}

TEST(OutputTrace, OracleEmptyStringIsText) {
    EXPECT_EQ(otrace(Value::string("", 256)), "  " + std::string(33, ' '));
}

TEST(OutputTrace, OracleRawbytesDumpsIntegers) {
    EXPECT_EQ(otrace(Value::u16(0x1234), false, true),
              kDumpHeader + "         0: 34 12" + std::string(14 * 3 + 2, ' ') + "4.\n");
}

TEST(OutputTrace, WholeRunStringsFromOracleTest) {
    // test/unittest/trace/tst.string.r
    EXPECT_EQ(
        begin_run({Value::string("this", 256), Value::string(" %should work.\n", 256),
                   Value::string("%don't w%orry -- this won't cause a %segfault.\n", 256)},
                  TraceStyle::Classic),
        "                   FUNCTION:NAME\n"
        "                          :BEGIN   this                                %should work.\n"
        "                    %don't w%orry -- this won't cause a %segfault.\n"
        "\n\n");
}

TEST(OutputTrace, WholeRunStructFromOracleTest) {
    // test/unittest/actions/trace/tst.struct.r
    std::string b("\x34\x12\0\0\0\0\0\0\x76\x98\0\0", 12);
    EXPECT_EQ(begin_run({Value::raw(b)}, TraceStyle::Oracle),
              "                   FUNCTION:NAME\n"
              "                          :BEGIN \n"
              "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
              "         0: 34 12 00 00 00 00 00 00 76 98 00 00              4.......v...\n"
              "\n\n");
}

TEST(OutputTrace, WholeRunUnprintableArrayFromOracleTest) {
    // test/unittest/actions/trace/tst.array-char-unprintable.r
    EXPECT_EQ(begin_run({Value::raw(std::string("aAbBc\x05"
                                                "dD\0",
                                                9))},
                        TraceStyle::Oracle),
              "                   FUNCTION:NAME\n"
              "                          :BEGIN \n"
              "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
              "         0: 61 41 62 42 63 05 64 44 00                       aAbBc.dD.\n"
              "\n\n");
}

TEST(OutputTrace, WholeRunArrayWithoutNulFromOracleTest) {
    // test/unittest/actions/trace/tst.array-char-str-no-nul.r
    EXPECT_EQ(begin_run({Value::raw("aAbBcCdDe")}, TraceStyle::Oracle),
              "                   FUNCTION:NAME\n"
              "                          :BEGIN   aAbBcCdDe                        \n\n");
}

TEST(OutputTrace, WholeRunOracleIntegers) {
    // test/unittest/actions/trace/tst.{int8,int16,int32,uint64}_t.r
    const std::string head = "                   FUNCTION:NAME\n                          :BEGIN";
    EXPECT_EQ(begin_run({Value::i8(-1)}, TraceStyle::Oracle), head + "   -1\n\n");
    EXPECT_EQ(begin_run({Value::i16(-1)}, TraceStyle::Oracle), head + "     -1\n\n");
    EXPECT_EQ(begin_run({Value::i32(-1)}, TraceStyle::Oracle), head + "          -1\n\n");
    EXPECT_EQ(begin_run({Value::u64(UINT64_MAX)}, TraceStyle::Oracle),
              head + "  18446744073709551615\n\n");
}

TEST(OutputTrace, WholeRunOracleEmptyString) {
    // test/unittest/actions/trace/tst.str-empty.r
    EXPECT_EQ(begin_run({Value::string("", 256)}, TraceStyle::Oracle),
              "                   FUNCTION:NAME\n"
              "                          :BEGIN" +
                  std::string(36, ' ') + "\n\n");
}
