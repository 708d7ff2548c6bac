// Printing compiled formats with record values. Expected strings come from Oracle's
// test/unittest/printf/*.r files (tst.basics, tst.flags, tst.widths1) and from the conversion
// rules of libdtrace's dt_printf.c (pfprint_sint/uint/fp/cstr/estr/echr/time/time822).
#include <gtest/gtest.h>

#include <locale.h>
#include <stdlib.h>
#include <time.h>

#include "output/printf_render.h"
#include "output/text_escape.h"

using namespace bdtrace::output;
namespace formats = bdtrace::formats;

namespace {

std::string fmt(std::string_view f, std::vector<Value> args = {}, const FormatContext& ctx = {},
                std::vector<Value> aggs = {}) {
    auto p = formats::parse_format(f);
    EXPECT_TRUE(p.format) << f;
    if (!p.format) return "<parse error>";
    auto r = format_printf(*p.format, args, ctx, aggs);
    EXPECT_TRUE(r.ok()) << f << ": " << r.error;
    return r.text;
}

constexpr uint64_t kBig = 0x1234567890abcdefULL;

class TimeZone {
  public:
    explicit TimeZone(const char* tz) {
        const char* old = getenv("TZ");
        had_ = old != nullptr;
        if (had_) old_ = old;
        setenv("TZ", tz, 1);
        tzset();
    }
    ~TimeZone() {
        if (had_)
            setenv("TZ", old_.c_str(), 1);
        else
            unsetenv("TZ");
        tzset();
    }

  private:
    bool had_ = false;
    std::string old_;
};

constexpr uint64_t kNs = 1000000000ULL;

}  // namespace

TEST(OutputPrintf, TextOnly) {
    EXPECT_EQ(fmt("hello\n"), "hello\n");
}

TEST(OutputPrintf, PercentPercent) {
    EXPECT_EQ(fmt("100%% %d%%", {Value::i32(5)}), "100% 5%");
}

TEST(OutputPrintf, BasicsFromOracleTest) {
    // test/unittest/printf/tst.basics.d with i = 'a'
    const int64_t i = 'a';
    EXPECT_EQ(fmt("%%c = %c\n", {Value::i32(i)}), "%c = a\n");
    EXPECT_EQ(fmt("%%d = %d\n", {Value::i32(i)}), "%d = 97\n");
    EXPECT_EQ(fmt("%%hd = %hd\n", {Value::i16(i)}), "%hd = 97\n");
    EXPECT_EQ(fmt("%%hi = %hi\n", {Value::i16(i)}), "%hi = 97\n");
    EXPECT_EQ(fmt("%%ho = %ho\n", {Value::u16(i)}), "%ho = 141\n");
    EXPECT_EQ(fmt("%%hu = %hu\n", {Value::u16(i)}), "%hu = 97\n");
    EXPECT_EQ(fmt("%%hx = %hx\n", {Value::u16(i)}), "%hx = 61\n");
    EXPECT_EQ(fmt("%%hX = %hX\n", {Value::u16(i)}), "%hX = 61\n");
    EXPECT_EQ(fmt("%%i = %i\n", {Value::i32(i)}), "%i = 97\n");
    EXPECT_EQ(fmt("%%lc = %lc\n", {Value::i32(i)}), "%lc = a\n");
    EXPECT_EQ(fmt("%%ld = %ld\n", {Value::i64(i)}), "%ld = 97\n");
    EXPECT_EQ(fmt("%%li = %li\n", {Value::i64(i)}), "%li = 97\n");
    EXPECT_EQ(fmt("%%lo = %lo\n", {Value::u64(i)}), "%lo = 141\n");
    EXPECT_EQ(fmt("%%lu = %lu\n", {Value::u64(i)}), "%lu = 97\n");
    EXPECT_EQ(fmt("%%lx = %lx\n", {Value::u64(i)}), "%lx = 61\n");
    EXPECT_EQ(fmt("%%lX = %lX\n", {Value::u64(i)}), "%lX = 61\n");
    EXPECT_EQ(fmt("%%o = %o\n", {Value::u32(i)}), "%o = 141\n");
    EXPECT_EQ(fmt("%%s = %s\n", {Value::string("hello", 256)}), "%s = hello\n");
    EXPECT_EQ(fmt("%%u = %u\n", {Value::u32(i)}), "%u = 97\n");
    EXPECT_EQ(fmt("%%x = %x\n", {Value::u32(i)}), "%x = 61\n");
    EXPECT_EQ(fmt("%%X = %X\n", {Value::u32(i)}), "%X = 61\n");
}

TEST(OutputPrintf, PointerIsHexWithoutPrefix) {
    EXPECT_EQ(fmt("%%p = %p\n", {Value::pointer('a')}), "%p = 61\n");
    EXPECT_EQ(fmt("%p", {Value::pointer(0x12345678)}), "12345678");
    EXPECT_EQ(fmt("%p", {Value::pointer(0xffff880012345678ULL)}), "ffff880012345678");
}

TEST(OutputPrintf, PointerWidthFromQuestionMark) {
    EXPECT_EQ(fmt("%?p|", {Value::pointer(0xbeef)}), "            beef|");
    EXPECT_EQ(fmt("%-?p|", {Value::pointer(0xbeef)}), "beef            |");
}

TEST(OutputPrintf, FlagsFromOracleTest) {
    // test/unittest/printf/tst.flags.d; the .r file hides the %#8x value behind {ptr}.
    EXPECT_EQ(fmt("# %#8x\n", {Value::i32(0x123)}), "#    0x123\n");
    EXPECT_EQ(fmt("0 %08x\n", {Value::i32(0x123)}), "0 00000123\n");
    EXPECT_EQ(fmt("- %-8x\n", {Value::i32(0x123)}), "- 123     \n");
    EXPECT_EQ(fmt("+ %+8d\n", {Value::i32(123)}), "+     +123\n");
    EXPECT_EQ(fmt("  % 8d\n", {Value::i32(123)}), "       123\n");
}

TEST(OutputPrintf, PointerWidthOnIntegersFromOracleTest) {
    // test/unittest/printf/tst.widths1.r
    EXPECT_EQ(fmt("%?d\n", {Value::i64(0)}), "               0\n");
    EXPECT_EQ(fmt("%?d\n", {Value::i64(5)}), "               5\n");
}

TEST(OutputPrintf, SignedTruncationBySize) {
    // test/unittest/printf/tst.ints.d: (T)0x1234567890abcdef through %d
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 1, true)}), "-17");
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 2, true)}), "-12817");
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 4, true)}), "-1867788817");
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 8, true)}), "1311768467294899695");
}

TEST(OutputPrintf, DecimalOfUnsignedTypesIsUnsigned) {
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 1, false)}), "239");
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 2, false)}), "52719");
    EXPECT_EQ(fmt("%d", {Value::integer(kBig, 4, false)}), "2427178479");
    EXPECT_EQ(fmt("%d", {Value::u64(~0ULL)}), "18446744073709551615");
    // %i is always signed (illumos's pfprint_sint), unlike %d.
    EXPECT_EQ(fmt("%i", {Value::u8(255)}), "-1");
    EXPECT_EQ(fmt("%i", {Value::u32(4294967291u)}), "-5");
}

TEST(OutputPrintf, UnsignedConversionOfSignedTypes) {
    EXPECT_EQ(fmt("%u", {Value::integer(kBig, 1, true)}), "239");
    EXPECT_EQ(fmt("%u", {Value::integer(kBig, 2, true)}), "52719");
    EXPECT_EQ(fmt("%u", {Value::integer(kBig, 4, true)}), "2427178479");
    EXPECT_EQ(fmt("%u", {Value::integer(kBig, 8, true)}), "1311768467294899695");
    EXPECT_EQ(fmt("%u", {Value::i8(-1)}), "255");
    EXPECT_EQ(fmt("%u", {Value::i64(-1)}), "18446744073709551615");
}

TEST(OutputPrintf, CharMinusOne) {
    EXPECT_EQ(fmt("%d", {Value::i8(-1)}), "-1");
    EXPECT_EQ(fmt("%i", {Value::i16(-1)}), "-1");
    EXPECT_EQ(fmt("%x", {Value::i8(-1)}), "ff");
    EXPECT_EQ(fmt("%X", {Value::i16(-1)}), "FFFF");
}

TEST(OutputPrintf, HexBySize) {
    EXPECT_EQ(fmt("%x", {Value::integer(kBig, 1, false)}), "ef");
    EXPECT_EQ(fmt("%x", {Value::integer(kBig, 2, false)}), "cdef");
    EXPECT_EQ(fmt("%x", {Value::integer(kBig, 4, true)}), "90abcdef");
    EXPECT_EQ(fmt("%x", {Value::integer(kBig, 8, true)}), "1234567890abcdef");
    EXPECT_EQ(fmt("%llx", {Value::u64(kBig)}), "1234567890abcdef");
    EXPECT_EQ(fmt("%X", {Value::u64(kBig)}), "1234567890ABCDEF");
}

TEST(OutputPrintf, OctalBySize) {
    EXPECT_EQ(fmt("%o", {Value::integer(kBig, 1, false)}), "357");
    EXPECT_EQ(fmt("%o", {Value::integer(kBig, 2, false)}), "146757");
    EXPECT_EQ(fmt("%o", {Value::integer(kBig, 4, false)}), "22052746757");
    EXPECT_EQ(fmt("%o", {Value::integer(kBig, 8, false)}), "110642547422052746757");
    EXPECT_EQ(fmt("%o", {Value::i32(-1)}), "37777777777");
    EXPECT_EQ(fmt("%#o", {Value::i32(8)}), "010");
}

TEST(OutputPrintf, ExtremeSigned64) {
    EXPECT_EQ(fmt("%d", {Value::i64(INT64_MIN)}), "-9223372036854775808");
    EXPECT_EQ(fmt("%lld", {Value::i64(INT64_MAX)}), "9223372036854775807");
    EXPECT_EQ(fmt("%llu", {Value::u64(UINT64_MAX)}), "18446744073709551615");
}

TEST(OutputPrintf, WidthsAndAlignment) {
    EXPECT_EQ(fmt("[%5d]", {Value::i32(42)}), "[   42]");
    EXPECT_EQ(fmt("[%-5d]", {Value::i32(42)}), "[42   ]");
    EXPECT_EQ(fmt("[%05d]", {Value::i32(42)}), "[00042]");
    EXPECT_EQ(fmt("[%05d]", {Value::i32(-42)}), "[-0042]");
    EXPECT_EQ(fmt("[%1d]", {Value::i32(12345)}), "[12345]");
}

TEST(OutputPrintf, ZeroAfterMinusPadsWithZeros) {
    EXPECT_EQ(fmt("[%-05d]", {Value::i32(42)}), "[00042]");
    EXPECT_EQ(fmt("[%0-5d]", {Value::i32(42)}), "[42   ]");
}

TEST(OutputPrintf, SignFlags) {
    EXPECT_EQ(fmt("%+d %+d", {Value::i32(5), Value::i32(-5)}), "+5 -5");
    EXPECT_EQ(fmt("% d|% d", {Value::i32(5), Value::i32(-5)}), " 5|-5");
    EXPECT_EQ(fmt("%+.3d", {Value::i32(5)}), "+005");
}

TEST(OutputPrintf, AlternateForms) {
    EXPECT_EQ(fmt("%#x %#X", {Value::i32(255), Value::i32(255)}), "0xff 0XFF");
    EXPECT_EQ(fmt("%#x", {Value::i32(0)}), "0");
}

TEST(OutputPrintf, IntegerPrecision) {
    EXPECT_EQ(fmt("%.5d", {Value::i32(42)}), "00042");
    EXPECT_EQ(fmt("%8.5d|", {Value::i32(42)}), "   00042|");
}

TEST(OutputPrintf, ZeroPrecisionIsDropped) {
    // libdtrace only writes a precision greater than zero into the C format.
    EXPECT_EQ(fmt("%.0d", {Value::i32(0)}), "0");
    EXPECT_EQ(fmt("%.0f", {Value::floating(3.7, 8)}), "3.700000");
    EXPECT_EQ(fmt("%.0s", {Value::string("hello", 256)}), "hello");
}

TEST(OutputPrintf, StringPrecisionsFromOracleTest) {
    // test/unittest/printf/tst.precs.d
    Value hello = Value::string("hello", 256);
    EXPECT_EQ(fmt("%.1s", {hello}), "h");
    EXPECT_EQ(fmt("%.2s", {hello}), "he");
    EXPECT_EQ(fmt("%.3s", {hello}), "hel");
    EXPECT_EQ(fmt("%.4s", {hello}), "hell");
    EXPECT_EQ(fmt("%.5s", {hello}), "hello");
    EXPECT_EQ(fmt("%.*s", {Value::i32(0), hello}), "hello");
    EXPECT_EQ(fmt("%.*s", {Value::i32(2), hello}), "he");
    EXPECT_EQ(fmt("%.*s", {Value::i32(5), hello}), "hello");
}

TEST(OutputPrintf, StringWidthAndPrecisionFromOracleTest) {
    // test/unittest/printf/tst.wp.d
    Value hello = Value::string("hello", 256);
    EXPECT_EQ(fmt("%0.0s", {hello}), "hello");
    EXPECT_EQ(fmt("%1.1s", {hello}), "h");
    EXPECT_EQ(fmt("%3.3s", {hello}), "hel");
    EXPECT_EQ(fmt("%6.6s", {hello}), " hello");
    EXPECT_EQ(fmt("%9.9s", {hello}), "    hello");
    EXPECT_EQ(fmt("%*.*s", {Value::i32(0), Value::i32(0), hello}), "hello");
    EXPECT_EQ(fmt("%*.*s", {Value::i32(4), Value::i32(3), hello}), " hel");
    EXPECT_EQ(fmt("%*.*s", {Value::i32(9), Value::i32(8), hello}), "    hello");
}

TEST(OutputPrintf, NegativeStarWidthLeftAligns) {
    EXPECT_EQ(fmt("[%*d]", {Value::i32(-5), Value::i32(42)}), "[42   ]");
    EXPECT_EQ(fmt("[%*s]", {Value::i64(-6), Value::string("ab", 8)}), "[ab    ]");
    EXPECT_EQ(fmt("[%*d]", {Value::i8(3), Value::i32(7)}), "[  7]");
}

TEST(OutputPrintf, NegativeStarPrecisionIsDropped) {
    EXPECT_EQ(fmt("%.*s", {Value::i32(-1), Value::string("hello", 256)}), "hello");
}

TEST(OutputPrintf, StringStopsAtNul) {
    EXPECT_EQ(fmt("[%s]", {Value::raw(std::string("ab\0cd", 5))}), "[ab]");
    EXPECT_EQ(fmt("[%s]", {Value::raw("abc")}), "[abc]");  // char[3], no NUL
}

TEST(OutputPrintf, StringFieldWidths) {
    EXPECT_EQ(fmt("[%-10s]", {Value::string("abc", 256)}), "[abc       ]");
    EXPECT_EQ(fmt("[%10s]", {Value::string("abc", 256)}), "[       abc]");
}

TEST(OutputPrintf, CharacterConversion) {
    EXPECT_EQ(fmt("%c", {Value::i8('x')}), "x");
    EXPECT_EQ(fmt("%c", {Value::i32(0x141)}), "A");  // only the low byte counts
    EXPECT_EQ(fmt("[%3c]", {Value::i16('z')}), "[  z]");
    EXPECT_EQ(fmt("[%-3c]", {Value::i16('z')}), "[z  ]");
    EXPECT_EQ(fmt("%c", {Value::u8(0xc8)}), "\xc8");
}

TEST(OutputPrintf, CharacterZeroIsANulByte) {
    EXPECT_EQ(fmt("a%cb", {Value::i32(0)}), std::string("a\0b", 3));
}

TEST(OutputPrintf, EscapedCharacter) {
    EXPECT_EQ(fmt("%C", {Value::i32('a')}), "a");
    EXPECT_EQ(fmt("%C", {Value::i32('\n')}), "\\n");
    EXPECT_EQ(fmt("%C", {Value::i32(0)}), "\\0");
    EXPECT_EQ(fmt("%C", {Value::i32(0x7f)}), "\\177");
    EXPECT_EQ(fmt("%C", {Value::i8(' ')}), " ");
    EXPECT_EQ(fmt("%C", {Value::i16('"')}), "\\\"");
    EXPECT_EQ(fmt("[%5C]", {Value::i32('\t')}), "[   \\t]");
}

TEST(OutputPrintf, EscapedString) {
    EXPECT_EQ(fmt("%S", {Value::raw("a\tb\"c\\")}), "a\\tb\\\"c\\\\");
    EXPECT_EQ(fmt("%S", {Value::raw("\a\b\f\r\v")}), "\\a\\b\\f\\r\\v");
    EXPECT_EQ(fmt("%S", {Value::raw("caf\xe9")}), "caf\\351");
    EXPECT_EQ(fmt("%S", {Value::raw("\x01\x1f")}), "\\001\\037");
}

TEST(OutputPrintf, EscapedStringStopsAtTheTerminatingNul) {
    // The string's characters only: its NUL and the bytes after it are not shown as "\0".
    EXPECT_EQ(fmt("%S", {Value::string("hi", 256)}), "hi");
    EXPECT_EQ(fmt("[%-8S]", {Value::string("hi", 4)}), "[hi      ]");
}

TEST(OutputPrintf, FloatingPoint) {
    EXPECT_EQ(fmt("%e", {Value::floating(0.0, 4)}), "0.000000e+00");  // tst.conv_e_float.r
    EXPECT_EQ(fmt("%f", {Value::floating(3.14159, 8)}), "3.141590");
    EXPECT_EQ(fmt("%.2f", {Value::floating(3.14159, 8)}), "3.14");
    EXPECT_EQ(fmt("%10.3f|", {Value::floating(3.14159, 8)}), "     3.142|");
    EXPECT_EQ(fmt("%E", {Value::floating(12345.678, 8)}), "1.234568E+04");
    EXPECT_EQ(fmt("%g", {Value::floating(0.0001, 8)}), "0.0001");
    EXPECT_EQ(fmt("%G", {Value::floating(1e-10, 8)}), "1E-10");
    EXPECT_EQ(fmt("%f", {Value::floating(0.1f, 4)}), "0.100000");
    EXPECT_EQ(fmt("%+f", {Value::floating(-2.5, 8)}), "-2.500000");
}

TEST(OutputPrintf, LongDouble) {
    EXPECT_EQ(fmt("%Lf", {Value::floating(1.5L, 16)}), "1.500000");
    EXPECT_EQ(fmt("%e", {Value::floating(1.5L, 16)}), "1.500000e+00");
}

TEST(OutputPrintf, WideCharacterAndString) {
    std::string w;
    for (char32_t c : {U'h', U'i', U'\0'})
        for (int b = 0; b < 4; ++b) w += static_cast<char>((c >> (8 * b)) & 0xff);
    EXPECT_EQ(fmt("%ls|%ws", {Value::raw(w), Value::raw(w)}), "hi|hi");
    EXPECT_EQ(fmt("%wc", {Value::i32('q')}), "q");
}

TEST(OutputPrintf, KernelAddressThroughRuntime) {
    FormatContext ctx;
    ctx.kernel_addr = [](uint64_t a) {
        return a == 0xffffffff81234567ULL ? std::string("vmlinux`max_pfn") : std::string();
    };
    EXPECT_EQ(fmt("%%a = %a\n", {Value::pointer(0xffffffff81234567ULL)}, ctx),
              "%a = vmlinux`max_pfn\n");
    EXPECT_EQ(fmt("[%-20a]", {Value::pointer(0xffffffff81234567ULL)}, ctx),
              "[vmlinux`max_pfn     ]");
    EXPECT_EQ(fmt("%a", {Value::pointer(0x10)}, ctx), "0x10");
}

TEST(OutputPrintf, KernelAddressWithoutRuntimeIsHex) {
    EXPECT_EQ(fmt("%a", {Value::pointer(0xffffffff81000000ULL)}), "0xffffffff81000000");
}

TEST(OutputPrintf, UserAddressPassesThePid) {
    FormatContext ctx;
    ctx.user_addr = [](uint64_t pid, uint64_t a) {
        return "pid" + std::to_string(pid) + "`f+0x" + std::to_string(a & 0xf);
    };
    EXPECT_EQ(fmt("%A", {Value::user_pointer(42, 0x401003)}, ctx), "pid42`f+0x3");
    EXPECT_EQ(fmt("%A", {Value::user_pointer(42, 0x401003)}), "0x401003");
}

TEST(OutputPrintf, StackConversionRightAlignedFramesNoIndent) {
    Value st = Value::stack({"vmlinux`vfs_read+0x10", "vmlinux`ksys_read"});
    EXPECT_EQ(fmt("%k", {st}), "\nvmlinux`vfs_read+0x10\nvmlinux`ksys_read\n");
    EXPECT_EQ(fmt("%20k", {Value::stack({"vmlinux`a"})}), "\n           vmlinux`a\n");
}

TEST(OutputPrintf, LeftAlignedStackWidthIsTheIndent) {
    Value st = Value::stack({"mod`f", "mod`g+0x4"});
    EXPECT_EQ(fmt("%-14k", {st}), "\n              mod`f\n              mod`g+0x4\n");
    EXPECT_EQ(fmt("%*k", {Value::i32(-3), st}), "\n   mod`f\n   mod`g+0x4\n");
}

TEST(OutputPrintf, SymbolValuesPrintAsStrings) {
    EXPECT_EQ(fmt("[%-10s]", {Value::symbol("vmlinux")}), "[vmlinux   ]");
    EXPECT_EQ(fmt("[%a]", {Value::symbol("vmlinux`vfs_read")}), "[vmlinux`vfs_read]");
}

TEST(OutputPrintf, WallTimeIsYearFirst) {
    TimeZone tz("UTC");
    EXPECT_EQ(fmt("%Y", {Value::u64(0)}), "1970 Jan  1 00:00:00");
    EXPECT_EQ(fmt("%Y", {Value::u64(1062609821 * kNs)}), "2003 Sep  3 17:23:41");
    EXPECT_EQ(fmt("%Y", {Value::u64(0x7fffffffULL * kNs)}), "2038 Jan 19 03:14:07");
    EXPECT_EQ(fmt("%Y", {Value::u64(1694105342 * kNs + 999999999)}), "2023 Sep  7 16:49:02");
}

TEST(OutputPrintf, WallTimeFieldWidth) {
    TimeZone tz("UTC");
    EXPECT_EQ(fmt("[%22Y]", {Value::u64(0)}), "[  1970 Jan  1 00:00:00]");
    EXPECT_EQ(fmt("[%-22Y]", {Value::u64(0)}), "[1970 Jan  1 00:00:00  ]");
    EXPECT_EQ(fmt("[%.4Y]", {Value::u64(0)}), "[1970]");
}

TEST(OutputPrintf, WallTimeFollowsTheLocalZone) {
    TimeZone tz("US/Pacific");  // test/unittest/printf/tst.printY.sh uses this zone
    EXPECT_EQ(fmt("%Y", {Value::u64(0)}), "1969 Dec 31 16:00:00");
    EXPECT_EQ(fmt("%Y", {Value::u64(1062609821 * kNs)}), "2003 Sep  3 10:23:41");
}

TEST(OutputPrintf, Rfc822Time) {
    TimeZone tz("UTC");
    EXPECT_EQ(fmt("%T", {Value::u64(0)}), "Thu, 01 Jan 1970 00:00:00 UTC");
    EXPECT_EQ(fmt("%T", {Value::u64(1062609821 * kNs)}), "Wed, 03 Sep 2003 17:23:41 UTC");
}

TEST(OutputPrintf, Rfc822TimeUsesTheIsoWeekYear) {
    TimeZone tz("UTC");
    // 2024-12-30 is in ISO week 1 of 2025, and DTrace's strftime format says %G.
    EXPECT_EQ(fmt("%T", {Value::u64(1735560000 * kNs)}), "Mon, 30 Dec 2025 12:00:00 UTC");
}

TEST(OutputPrintf, Rfc822TimeInPacificZone) {
    TimeZone tz("US/Pacific");
    EXPECT_EQ(fmt("%T", {Value::u64(0)}), "Wed, 31 Dec 1970 16:00:00 PST");
    EXPECT_EQ(fmt("%T", {Value::u64(1062609821 * kNs)}), "Wed, 03 Sep 2003 10:23:41 PDT");
}

TEST(OutputPrintf, GroupingInTheCLocaleDoesNothing) {
    EXPECT_EQ(fmt("%'d", {Value::i32(123456789)}), "123456789");
}

TEST(OutputPrintf, GroupingFollowsTheRequestedLocale) {
    locale_t l = newlocale(LC_NUMERIC_MASK, "en_US.UTF-8", static_cast<locale_t>(nullptr));
    if (!l) GTEST_SKIP() << "en_US.UTF-8 is not installed";
    freelocale(l);
    FormatContext ctx;
    ctx.numeric_locale = "en_US.UTF-8";
    EXPECT_EQ(fmt("%'d", {Value::i32(123456789)}, ctx), "123,456,789");
}

TEST(OutputPrintf, PrintaKeysAndValue) {
    EXPECT_EQ(fmt("%-10s %@8u\n", {Value::string("bash", 256)}, {}, {Value::u64(12)}),
              "bash             12\n");
}

TEST(OutputPrintf, PrintaSeveralAggregationsRepeatTheLast) {
    EXPECT_EQ(fmt("%@d %@d %@d", {}, {}, {Value::i64(1), Value::i64(-2)}), "1 -2 -2");
}

TEST(OutputPrintf, PrintaHistogramsPrintVerbatim) {
    EXPECT_EQ(fmt("%d%@d", {Value::i32(3)}, {}, {Value::verbatim("\n  hist\n")}), "3\n  hist\n");
}

TEST(OutputPrintf, MissingValueStopsWithAnError) {
    auto p = formats::parse_format("a %d b %d");
    std::vector<Value> args = {Value::i32(1)};
    auto r = format_printf(*p.format, args);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.text, "a 1 b ");
}

TEST(OutputPrintf, WrongKindOfValueIsAnError) {
    auto p = formats::parse_format("%s");
    std::vector<Value> args = {Value::i32(1)};
    EXPECT_FALSE(format_printf(*p.format, args).ok());
}

TEST(OutputPrintf, EscapeHelperStopsAtNul) {
    EXPECT_EQ(escape_chars(std::string_view("a\0b", 3)), "a\\0");
    EXPECT_EQ(escape_chars("x y"), "x y");
}
