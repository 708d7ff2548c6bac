// Splitting printf formats into pieces, and the D_SYNTAX messages libdtrace's dt_printf_create
// gives for formats it refuses (texts from Oracle's test/unittest/printf/err.D_SYNTAX.*.r and
// test/unittest/actions/printf/err.D_SYNTAX.*.r).
#include <gtest/gtest.h>

#include "formats/printf_format.h"

using namespace bdtrace::formats;

namespace {

CompiledFormat ok(std::string_view fmt) {
    auto r = parse_format(fmt);
    EXPECT_FALSE(r.error) << fmt << ": " << (r.error ? r.error->message : "");
    return r.format ? *r.format : CompiledFormat{};
}

std::string err(std::string_view fmt) {
    auto r = parse_format(fmt);
    if (!r.error) return "<no error>";
    EXPECT_EQ(r.error->tag, "D_SYNTAX");
    EXPECT_FALSE(r.format);
    return r.error->message;
}

}  // namespace

TEST(OutputPrintfParse, PlainTextIsOneTrailingPiece) {
    auto f = ok("hello\n");
    ASSERT_EQ(f.pieces.size(), 1u);
    EXPECT_FALSE(f.pieces[0].is_conversion());
    EXPECT_EQ(f.pieces[0].prefix, "hello\n");
    EXPECT_EQ(f.conversion_count(), 0);
}

TEST(OutputPrintfParse, EmptyFormatKeepsOneEmptyPiece) {
    auto f = ok("");
    ASSERT_EQ(f.pieces.size(), 1u);
    EXPECT_EQ(f.pieces[0].prefix, "");
    EXPECT_TRUE(f.source.empty());
}

TEST(OutputPrintfParse, TextAndConversionsAlternate) {
    auto f = ok("x = %d y = %d\n");
    ASSERT_EQ(f.pieces.size(), 3u);
    EXPECT_EQ(f.pieces[0].prefix, "x = ");
    EXPECT_EQ(f.pieces[0].conv->name, "d");
    EXPECT_EQ(f.pieces[1].prefix, " y = ");
    EXPECT_EQ(f.pieces[1].conv->name, "d");
    EXPECT_EQ(f.pieces[2].prefix, "\n");
    EXPECT_FALSE(f.pieces[2].is_conversion());
    EXPECT_EQ(f.conversion_count(), 2);
}

TEST(OutputPrintfParse, ConversionAtTheEndLeavesNoTrailingPiece) {
    auto f = ok("%d");
    ASSERT_EQ(f.pieces.size(), 1u);
    EXPECT_TRUE(f.pieces[0].is_conversion());
    EXPECT_EQ(f.pieces[0].prefix, "");
}

TEST(OutputPrintfParse, FlagsWidthPrecisionAndSize) {
    auto f = ok("%+'#12.4llx");
    const auto& p = f.pieces[0];
    EXPECT_EQ(p.conv->name, "llx");
    EXPECT_EQ(p.flags, kFlagPlus | kFlagGroup | kFlagAlt);
    EXPECT_EQ(p.width, 12);
    EXPECT_EQ(p.precision, 4);
}

TEST(OutputPrintfParse, ZeroAfterMinusWinsAndClearsLeft) {
    auto f = ok("%-08.3lld");
    EXPECT_EQ(f.pieces[0].flags, kFlagZeroPad);
    EXPECT_EQ(f.pieces[0].width, 8);
    EXPECT_EQ(f.pieces[0].precision, 3);
    EXPECT_EQ(f.pieces[0].conv->name, "lld");
}

TEST(OutputPrintfParse, MinusAfterZeroClearsZeroPad) {
    auto f = ok("%0-8d");
    EXPECT_EQ(f.pieces[0].flags, kFlagLeft);
    EXPECT_EQ(f.pieces[0].width, 8);
}

TEST(OutputPrintfParse, QuestionMarkIsPointerWidth) {
    EXPECT_EQ(ok("%?p").pieces[0].width, 16);
    EXPECT_EQ(ok("%-?d").pieces[0].width, 16);
    EXPECT_EQ(ok("%?5d").pieces[0].width, 5);  // later digits win
}

TEST(OutputPrintfParse, StarWidthAndPrecision) {
    auto f = ok("%*.*s");
    EXPECT_EQ(f.pieces[0].flags, kFlagDynWidth | kFlagDynPrec);
    EXPECT_EQ(f.pieces[0].argument_count(), 3);
    EXPECT_EQ(ok("%.*d").pieces[0].flags, kFlagDynPrec);
}

TEST(OutputPrintfParse, AggregationFlag) {
    auto f = ok("%@8u");
    EXPECT_EQ(f.pieces[0].flags, kFlagAgg);
    EXPECT_EQ(f.pieces[0].width, 8);
    EXPECT_EQ(f.pieces[0].argument_count(), 0);
    EXPECT_EQ(ok("%8@d").pieces[0].flags, kFlagAgg);
}

TEST(OutputPrintfParse, SpaceAndGroupFlags) {
    EXPECT_EQ(ok("% d").pieces[0].flags, kFlagSpace);
    EXPECT_EQ(ok("%'d").pieces[0].flags, kFlagGroup);
}

TEST(OutputPrintfParse, SizeLettersMayMixWithWidth) {
    auto f = ok("%l5d");
    EXPECT_EQ(f.pieces[0].conv->name, "ld");
    EXPECT_EQ(f.pieces[0].width, 5);
}

TEST(OutputPrintfParse, PercentPercentIsAConversion) {
    auto f = ok("100%% done");
    ASSERT_EQ(f.pieces.size(), 2u);
    EXPECT_EQ(f.pieces[0].prefix, "100");
    EXPECT_EQ(f.pieces[0].conv->print, PrintKind::Percent);
    EXPECT_EQ(f.pieces[0].argument_count(), 0);
    EXPECT_EQ(f.pieces[1].prefix, " done");
}

TEST(OutputPrintfParse, ExplicitZeroPrecision) {
    auto f = ok("%.0f");
    EXPECT_TRUE(f.pieces[0].has_dot);
    EXPECT_EQ(f.pieces[0].precision, 0);
}

TEST(OutputPrintfParse, FormatEndsAtFirstNul) {
    auto f = ok(std::string_view("ab\0%d", 5));
    EXPECT_EQ(f.source, "ab");
    ASSERT_EQ(f.pieces.size(), 1u);
    EXPECT_FALSE(f.pieces[0].is_conversion());
}

TEST(OutputPrintfParse, EveryConversionOfTheDictionaryParses) {
    for (const char* c :
         {"a",  "A",  "c",   "C",   "d",   "e",   "E",   "f",   "g",  "G",  "hd", "hi",
          "ho", "hu", "hx",  "hX",  "i",   "k",   "lc",  "ld",  "li", "lo", "lu", "ls",
          "lx", "lX", "lld", "lli", "llo", "llu", "llx", "llX", "Le", "LE", "Lf", "Lg",
          "LG", "o",  "p",   "s",   "S",   "T",   "u",   "wc",  "ws", "x",  "X",  "Y"}) {
        auto f = ok(std::string("%") + c);
        ASSERT_TRUE(f.pieces.size() == 1 && f.pieces[0].conv) << c;
        EXPECT_EQ(f.pieces[0].conv->name, c);
    }
}

TEST(OutputPrintfParse, HugeWidth) {
    EXPECT_EQ(ok("%10000000d").pieces[0].width, 10000000);
}

TEST(OutputPrintfParse, ErrorIncompleteConversion) {
    EXPECT_EQ(err("%3"), "format conversion #1 name expected before end of format string");
    EXPECT_EQ(err("abc %"), "format conversion #1 name expected before end of format string");
}

TEST(OutputPrintfParse, ErrorUndefinedConversion) {
    EXPECT_EQ(err("%Z"), "format conversion #1 is undefined: %Z");
    EXPECT_EQ(err("%z"), "format conversion #1 is undefined: %z");
}

TEST(OutputPrintfParse, ErrorCountsConversionsIncludingPercent) {
    EXPECT_EQ(err("%d %q"), "format conversion #2 is undefined: %q");
    EXPECT_EQ(err("%% %y"), "format conversion #2 is undefined: %y");
}

TEST(OutputPrintfParse, ErrorUnknownSizeCombinations) {
    EXPECT_EQ(err("%hhd"), "format conversion #1 is undefined: %hhd");
    EXPECT_EQ(err("%llld"), "format conversion #1 is undefined: %llld");
    EXPECT_EQ(err("%I"), "format conversion #1 is undefined: %I");  // illumos-only
    EXPECT_EQ(err("%lllllllld"), "format conversion #1 is undefined: %lllllld");
}

TEST(OutputPrintfParse, ErrorPositionalArguments) {
    EXPECT_EQ(err("%1$d"), "format conversion #1 uses unsupported positional format (%n$)");
    EXPECT_EQ(err("%.*1$d"), "format conversion #1 uses unsupported positional format (%n$)");
}

TEST(OutputPrintfParse, ErrorTwoStarsForWidth) {
    EXPECT_EQ(err("%**d"),
              "format conversion #1 has more than one '*' specified for the output width");
}

TEST(OutputPrintfParse, ErrorTwoStarsForPrecision) {
    EXPECT_EQ(err("%.**d"),
              "format conversion #1 has more than one '*' specified for the output precision");
}

TEST(OutputPrintfParse, ErrorTwoDots) {
    EXPECT_EQ(err("%.*.*d"), "format conversion #1 has more than one '.' specified");
}

TEST(OutputPrintfParse, ErrorFlagsOnPercent) {
    EXPECT_EQ(err("%-%"), "format conversion #1 cannot be combined with other format flags: %%");
    EXPECT_EQ(err("%5%"), "format conversion #1 cannot be combined with other format flags: %%");
}
