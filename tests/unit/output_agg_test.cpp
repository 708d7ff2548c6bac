// Aggregation bucket arithmetic and default aggregation output. Bucket rules come from the
// kernel aggregating functions and dt_cc.c (illumos/FreeBSD); printing rules from dt_consume.c.
// Whole-output samples: Oracle test/unittest/aggs/tst.quantlast.r and the bar lines of
// tst.llquantize_basic.r ("negvals", "allvals", "basicA"), and the Table 5c samples.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "agg_test_util.h"
#include "formats/agg_buckets.h"
#include "output/agg_format.h"

using namespace bdtrace::output;
namespace formats = bdtrace::formats;
using namespace bdtrace::output::test;

namespace {

std::string bar(int n, char c = '@') { return std::string(static_cast<size_t>(n), c); }

std::string lqerr(int64_t base, int64_t limit, int64_t step) {
    auto e = formats::check_lquantize(base, limit, step, nullptr);
    return e ? e->tag + ": " + e->message : "ok";
}

std::string llqerr(int64_t f, int64_t lo, int64_t hi, int64_t n) {
    auto e = formats::check_llquantize(f, lo, hi, n, nullptr);
    return e ? e->tag + ": " + e->message : "ok";
}

}  // namespace

// ---- quantize buckets --------------------------------------------------------------------

TEST(OutputAggBuckets, QuantizeZeroAndSmallPositives) {
    EXPECT_EQ(formats::quantize_bucket(0), 63);
    EXPECT_EQ(formats::quantize_bucket(1), 64);
    EXPECT_EQ(formats::quantize_bucket(2), 65);
    EXPECT_EQ(formats::quantize_bucket(3), 65);
    EXPECT_EQ(formats::quantize_bucket(4), 66);
    EXPECT_EQ(formats::quantize_bucket(1023), 73);
    EXPECT_EQ(formats::quantize_bucket(1024), 74);
}

TEST(OutputAggBuckets, QuantizeNegativesMirror) {
    EXPECT_EQ(formats::quantize_bucket(-1), 62);
    EXPECT_EQ(formats::quantize_bucket(-2), 61);
    EXPECT_EQ(formats::quantize_bucket(-3), 61);  // labelled -2: negatives round toward zero
    EXPECT_EQ(formats::quantize_bucket(-4), 60);
    EXPECT_EQ(formats::quantize_bucket_value(formats::quantize_bucket(-7)), -4);
}

TEST(OutputAggBuckets, QuantizeExtremes) {
    EXPECT_EQ(formats::quantize_bucket(kMax), 126);
    EXPECT_EQ(formats::quantize_bucket(int64_t{1} << 62), 126);
    EXPECT_EQ(formats::quantize_bucket((int64_t{1} << 62) - 1), 125);
    EXPECT_EQ(formats::quantize_bucket(kMin), 0);
    EXPECT_EQ(formats::quantize_bucket(-(int64_t{1} << 62)), 0);
    EXPECT_EQ(formats::quantize_bucket(-(int64_t{1} << 62) + 1), 1);
}

TEST(OutputAggBuckets, QuantizeBucketValues) {
    EXPECT_EQ(formats::quantize_bucket_value(0), -(int64_t{1} << 62));
    EXPECT_EQ(formats::quantize_bucket_value(62), -1);
    EXPECT_EQ(formats::quantize_bucket_value(63), 0);
    EXPECT_EQ(formats::quantize_bucket_value(64), 1);
    EXPECT_EQ(formats::quantize_bucket_value(65), 2);
    EXPECT_EQ(formats::quantize_bucket_value(126), int64_t{1} << 62);
}

TEST(OutputAggBuckets, QuantizeLabelsMapToOwnBucket) {
    for (int b = 0; b < formats::kQuantizeBuckets; ++b)
        EXPECT_EQ(formats::quantize_bucket(formats::quantize_bucket_value(b)), b) << b;
}

// ---- lquantize buckets and checks --------------------------------------------------------

TEST(OutputAggBuckets, LquantizeParams) {
    formats::LquantizeParams p = lq(0, 100, 25);
    EXPECT_EQ(p.base, 0);
    EXPECT_EQ(p.step, 25);
    EXPECT_EQ(p.levels, 4);
    EXPECT_EQ(formats::lquantize_nbuckets(p), 6);
    EXPECT_EQ(lq(0, 10, 1).levels, 10);
    EXPECT_EQ(lq(0, 99, 25).levels, 3);  // partial last step is dropped
    EXPECT_EQ(lq(-10, 10, 5).levels, 4);
}

TEST(OutputAggBuckets, LquantizeBuckets) {
    formats::LquantizeParams p = lq(0, 100, 25);
    EXPECT_EQ(formats::lquantize_bucket(p, -1), 0);
    EXPECT_EQ(formats::lquantize_bucket(p, kMin), 1);  // truncated to 32 bits: 0
    EXPECT_EQ(formats::lquantize_bucket(p, 0), 1);
    EXPECT_EQ(formats::lquantize_bucket(p, 24), 1);
    EXPECT_EQ(formats::lquantize_bucket(p, 25), 2);
    EXPECT_EQ(formats::lquantize_bucket(p, 99), 4);
    EXPECT_EQ(formats::lquantize_bucket(p, 100), 5);
    EXPECT_EQ(formats::lquantize_bucket(p, 1000000), 5);
}

TEST(OutputAggBuckets, LquantizeTruncatesTo32Bits) {
    formats::LquantizeParams p = lq(0, 100, 25);
    EXPECT_EQ(formats::lquantize_bucket(p, (int64_t{1} << 32) + 5), 1);
    EXPECT_EQ(formats::lquantize_bucket(p, 0xffffffffLL), 0);  // (int32_t)-1
}

TEST(OutputAggBuckets, LquantizeLabels) {
    formats::LquantizeParams p = lq(-10, 10, 5);
    EXPECT_EQ(formats::lquantize_label(p, 0), "< -10");
    EXPECT_EQ(formats::lquantize_label(p, 1), "-10");
    EXPECT_EQ(formats::lquantize_label(p, 3), "0");
    EXPECT_EQ(formats::lquantize_label(p, 4), "5");
    EXPECT_EQ(formats::lquantize_label(p, 5), ">= 10");
}

TEST(OutputAggBuckets, LquantizeErrors) {
    EXPECT_EQ(lqerr(int64_t{1} << 31, int64_t{1} << 32, 1),
              "D_LQUANT_BASEVAL: lquantize( ) argument #1 must be a 32-bit quantity");
    EXPECT_EQ(lqerr(0, int64_t{1} << 31, 1),
              "D_LQUANT_LIMVAL: lquantize( ) argument #2 must be a 32-bit quantity");
    EXPECT_EQ(lqerr(10, 0, 1),
              "D_LQUANT_MISMATCH: lquantize( ) base (argument #1) must be less than limit "
              "(argument #2)");
    EXPECT_EQ(lqerr(0, 10, 0),
              "D_LQUANT_STEPTYPE: lquantize( ) argument #3 must be a non-zero positive "
              "integer constant");
    EXPECT_EQ(lqerr(0, 100000, 65536),
              "D_LQUANT_STEPVAL: lquantize( ) argument #3 must be a 16-bit quantity");
    EXPECT_EQ(lqerr(0, 10, 20),
              "D_LQUANT_STEPLARGE: lquantize( ) step (argument #3) too large: must have at "
              "least one quantization level");
    EXPECT_EQ(lqerr(5, 5, 1),
              "D_LQUANT_STEPLARGE: lquantize( ) step (argument #3) too large: must have at "
              "least one quantization level");
    EXPECT_EQ(lqerr(0, 100000, 1),
              "D_LQUANT_STEPSMALL: lquantize( ) step (argument #3) too small: number of "
              "quantization levels must be a 16-bit quantity");
}

TEST(OutputAggBuckets, LquantizeMismatch) {
    auto e = formats::match_lquantize(lq(0, 100, 10), lq(0, 200, 10));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->tag, "D_LQUANT_MATCHLIM");
    EXPECT_EQ(e->message,
              "lquantize( ) limit (argument #2) doesn't match previous declaration: expected "
              "100, found 200");
    e = formats::match_lquantize(lq(0, 100, 10), lq(1, 101, 10));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message,
              "lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, "
              "found 1");
    e = formats::match_lquantize(lq(0, 100, 10), lq(0, 100, 20));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message,
              "lquantize( ) step (argument #3) doesn't match previous declaration: expected "
              "10, found 20");
    EXPECT_FALSE(formats::match_lquantize(lq(0, 100, 10), lq(0, 100, 10)));
}

// ---- llquantize buckets and checks -------------------------------------------------------

TEST(OutputAggBuckets, LlquantizeDecimal) {
    formats::LlquantizeParams p = llq(10, 0, 2, 10);
    EXPECT_EQ(formats::llquantize_nbuckets(p), 29);
    EXPECT_EQ(formats::llquantize_bucket(p, 0), 0);
    EXPECT_EQ(formats::llquantize_bucket(p, -5), 0);
    EXPECT_EQ(formats::llquantize_bucket(p, 1), 1);
    EXPECT_EQ(formats::llquantize_bucket(p, 9), 9);
    EXPECT_EQ(formats::llquantize_bucket(p, 10), 10);
    EXPECT_EQ(formats::llquantize_bucket(p, 19), 10);
    EXPECT_EQ(formats::llquantize_bucket(p, 20), 11);
    EXPECT_EQ(formats::llquantize_bucket(p, 99), 18);
    EXPECT_EQ(formats::llquantize_bucket(p, 100), 19);
    EXPECT_EQ(formats::llquantize_bucket(p, 999), 27);
    EXPECT_EQ(formats::llquantize_bucket(p, 1000), 28);
    EXPECT_EQ(formats::llquantize_bucket(p, kMax), 28);
}

TEST(OutputAggBuckets, LlquantizeLabels) {
    formats::LlquantizeParams p = llq(10, 0, 2, 10);
    EXPECT_EQ(formats::llquantize_label(p, 0), "< 1");
    EXPECT_EQ(formats::llquantize_label(p, 1), "1");
    EXPECT_EQ(formats::llquantize_label(p, 10), "10");
    EXPECT_EQ(formats::llquantize_label(p, 19), "100");
    EXPECT_EQ(formats::llquantize_label(p, 27), "900");
    EXPECT_EQ(formats::llquantize_label(p, 28), ">= 1000");
    formats::LlquantizeParams q = llq(10, 1, 2, 10);
    EXPECT_EQ(formats::llquantize_nbuckets(q), 20);
    EXPECT_EQ(formats::llquantize_label(q, 0), "< 10");
    EXPECT_EQ(formats::llquantize_label(q, 19), ">= 1000");
}

TEST(OutputAggBuckets, LlquantizeStepsAboveFactor) {
    // factor 2, nsteps 4: one bucket for [1,2), two for [2,4), then steps of 2 in [4,8).
    formats::LlquantizeParams p = llq(2, 0, 2, 4);
    EXPECT_EQ(formats::llquantize_bounds(p), (std::vector<int64_t>{1, 1, 2, 3, 4, 6, 8}));
    EXPECT_EQ(formats::llquantize_nbuckets(p), 7);
    EXPECT_EQ(formats::llquantize_bucket(p, 5), 4);
    EXPECT_EQ(formats::llquantize_bucket(p, 6), 5);
    EXPECT_EQ(formats::llquantize_bucket(p, 7), 5);
    EXPECT_EQ(formats::llquantize_bucket(p, 8), 6);
}

TEST(OutputAggBuckets, LlquantizeBoundsAgreeWithBuckets) {
    const formats::LlquantizeParams cases[] = {llq(10, 0, 6, 20), llq(2, 0, 10, 2),
                                               llq(4, 2, 5, 16),  llq(10, 3, 5, 100),
                                               llq(3, 0, 4, 9),   llq(2, 0, 61, 2)};
    for (const formats::LlquantizeParams& p : cases) {
        std::vector<int64_t> b = formats::llquantize_bounds(p);
        const size_t n = static_cast<size_t>(formats::llquantize_nbuckets(p));
        ASSERT_TRUE(b.size() == n || b.size() == n + 1);
        for (size_t i = 1; i < n; ++i) {
            EXPECT_EQ(formats::llquantize_bucket(p, b[i]), static_cast<int>(i));
            EXPECT_EQ(formats::llquantize_bucket(p, b[i] - 1), static_cast<int>(i) - 1);
        }
    }
}

TEST(OutputAggBuckets, LlquantizeErrors) {
    EXPECT_EQ(llqerr(1, 0, 2, 10),
              "D_LLQUANT_FACTORSMALL: llquantize( ) factor (argument #1) must be two or more");
    EXPECT_EQ(llqerr(10, 2, 2, 10),
              "D_LLQUANT_MAGRANGE: llquantize( ) high magnitude (argument #3) must be greater "
              "than low magnitude (argument #2)");
    EXPECT_EQ(llqerr(10, 0, 2, 5),
              "D_LLQUANT_FACTORNSTEPS: llquantize( ) factor (argument #1) must be less than or "
              "equal to the number of linear steps per magnitude (argument #4)");
    const std::string even =
        "D_LLQUANT_FACTOREVEN: llquantize( ) factor (argument #1) must evenly divide the "
        "number of steps per magnitude (argument #4), and the number of steps per magnitude "
        "must evenly divide a power of the factor";
    EXPECT_EQ(llqerr(10, 0, 2, 15), even);
    EXPECT_EQ(llqerr(4, 0, 2, 12), even);  // 12 divides no power of 4
    EXPECT_EQ(llqerr(4, 0, 2, 8), "ok");
    EXPECT_EQ(llqerr(10, 0, 6, 20), "ok");
}

TEST(OutputAggBuckets, LlquantizeArgumentRange) {
    EXPECT_EQ(llqerr(10, -1, 2, 10),
              "D_LLQUANT_LOWVAL: llquantize( ) argument #2 (low magnitude) must be an unsigned "
              "16-bit quantity");
    EXPECT_EQ(llqerr(10, 0, 2, 65536),
              "D_LLQUANT_NSTEPVAL: llquantize( ) argument #4 (linear steps per magnitude) must "
              "be an unsigned 16-bit quantity");
    EXPECT_EQ(llqerr(70000, 0, 2, 10),
              "D_LLQUANT_FACTORVAL: llquantize( ) argument #1 (factor) must be an unsigned "
              "16-bit quantity");
}

TEST(OutputAggBuckets, LlquantizeMagnitudeTooBig) {
    EXPECT_EQ(llqerr(2, 0, 61, 2), "ok");
    EXPECT_EQ(llqerr(2, 0, 62, 2),
              "D_LLQUANT_MAGTOOBIG: llquantize( ) factor (2) raised to power of high magnitude "
              "(62) plus 1 overflows 64-bits");
    EXPECT_EQ(llqerr(10, 0, 18, 10),
              "D_LLQUANT_MAGTOOBIG: llquantize( ) factor (10) raised to power of high "
              "magnitude (18) plus 1 overflows 64-bits");
    EXPECT_EQ(llqerr(10, 0, 17, 10), "ok");
}

TEST(OutputAggBuckets, LlquantizeMismatch) {
    auto e = formats::match_llquantize(llq(10, 0, 6, 20), llq(10, 0, 5, 20));
    ASSERT_TRUE(e);
    EXPECT_EQ(e->tag, "D_LLQUANT_HIGHMATCH");
    EXPECT_EQ(e->message,
              "llquantize( ) high magnitude (argument #3) doesn't match previous declaration: "
              "expected 6, found 5");
    EXPECT_FALSE(formats::match_llquantize(llq(10, 0, 6, 20), llq(10, 0, 6, 20)));
}

// ---- histogram rendering -----------------------------------------------------------------

TEST(OutputAggFormat, Header) { EXPECT_EQ(histogram_header(), kHeader); }

TEST(OutputAggFormat, QuantizeTable5cSample) {
    auto b = quant({{1, 3}, {2, 5}, {5, 10}, {8, 2}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "               0 |                                         0        \n"
                  "               1 |@@@@@@                                   3        \n"
                  "               2 |@@@@@@@@@@                               5        \n"
                  "               4 |@@@@@@@@@@@@@@@@@@@@                     10       \n"
                  "               8 |@@@@                                     2        \n"
                  "              16 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeLastBucketQuantlastR) {
    // Oracle test/unittest/aggs/tst.quantlast.r: printa(@) of quantize(0x7fffffffffffffff, 1234).
    auto b = quant({{kMax, 1234}});
    std::string out = "\n" + format_agg_row({}, format_quantize(b));
    EXPECT_EQ(out,
              "\n\n           value  ------------- Distribution ------------- count    \n"
              "2305843009213693952 |                                         0        \n"
              "4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1234     \n"
              "\n");
}

TEST(OutputAggFormat, QuantizeZeroValue) {
    auto b = quant({{0, 1}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "              -1 |                                         0        \n"
                  "               0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
                  "               1 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeOne) {
    auto b = quant({{1, 1}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "               0 |                                         0        \n"
                  "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
                  "               2 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeEmpty) {
    std::vector<int64_t> b(formats::kQuantizeBuckets, 0);
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "              -1 |                                         0        \n"
                  "               0 |                                         0        \n"
                  "               1 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeOnlyNegativeValues) {
    // Negative values still have positive counts: the ordinary layout, negative labels.
    auto b = quant({{-3, 2}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "              -4 |                                         0        \n"
                  "              -2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 2        \n"
                  "              -1 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeMixedSignValues) {
    auto b = quant({{-1, 1}, {1, 3}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "              -2 |                                         0        \n"
                  "              -1 |@@@@@@@@@@                               1        \n"
                  "               0 |                                         0        \n"
                  "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@           3        \n"
                  "               2 |                                         0        \n");
}

TEST(OutputAggFormat, QuantizeMixedSignCounts) {
    // A negative increment on one bucket and a positive one on another: split bars.
    auto b = quant({{-1, -1}, {1, 3}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "              -2                     |                     0        \n"
                  "              -1                @@@@@|                     -1       \n"
                  "               0                     |                     0        \n"
                  "               1                     |@@@@@@@@@@@@@@@      3        \n"
                  "               2                     |                     0        \n");
}

TEST(OutputAggFormat, QuantizeNegativeIncrementOnly) {
    // A negative increment gives a negative count: the only-negatives layout.
    auto b = quant({{4, -2}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "               2                                         | 0        \n"
                  "               4 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -2       \n"
                  "               8                                         | 0        \n");
}

TEST(OutputAggFormat, QuantizeMostNegativeBucket) {
    auto b = quant({{kMin, 1}});
    EXPECT_EQ(format_quantize(b),
              kHeader +
                  "-4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
                  "-2305843009213693952 |                                         0        \n");
}

TEST(OutputAggFormat, LlquantizeWithoutOverflowBucket) {
    // The top magnitude is [2^61, 2^62); the kernel computes 2^63 while there and, seeing it
    // overflow, clamps every larger value into the last linear bucket: no ">=" bucket.
    formats::LlquantizeParams p = llq(2, 0, 61, 2);
    EXPECT_EQ(formats::llquantize_nbuckets(p), 63);
    auto b = llquant(p, {{kMax, 1}});
    EXPECT_EQ(format_llquantize(p, b),
              kHeader +
                  "1152921504606846976 |                                         0        \n"
                  "2305843009213693952 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n");
}

TEST(OutputAggFormat, QuantizeWrongSize) {
    std::vector<int64_t> b(10, 0);
    EXPECT_EQ(format_quantize(b), "");
}

TEST(OutputAggFormat, BarsRoundHalfUp) {
    // 1/80 of 40 columns is exactly 0.5: rounds up; 79/80 is 39.5: rounds up to 40.
    EXPECT_EQ(histogram_bar(1, 1, 80, true, false), "|@" + bar(39, ' ') + " 1        \n");
    EXPECT_EQ(histogram_bar(79, 1, 80, true, false), "|" + bar(40) + " 79       \n");
    EXPECT_EQ(histogram_bar(1, 1, 81, true, false), "|" + bar(40, ' ') + " 1        \n");
}

TEST(OutputAggFormat, BarsLlquantizeBasicAR) {
    // Bar lengths of the "basicA" block of Oracle tst.llquantize_basic.r (total 2100).
    const std::pair<int64_t, int> rows[] = {{164, 3}, {180, 3}, {285, 5}, {195, 4},
                                            {99, 2},  {100, 2}, {101, 2}, {205, 4},
                                            {315, 6}, {220, 4}, {236, 4}};
    for (auto [count, depth] : rows) {
        char num[16];
        std::snprintf(num, sizeof num, "%-9lld", static_cast<long long>(count));
        EXPECT_EQ(histogram_bar(count, 1, 2100, true, false),
                  "|" + bar(depth) + bar(40 - depth, ' ') + " " + num + "\n")
            << count;
    }
}

TEST(OutputAggFormat, BarsNegvalsAndAllvalsR) {
    // "negvals" and "allvals" blocks of Oracle tst.llquantize_basic.r, after the label column.
    EXPECT_EQ(histogram_bar(0, 1, 1, false, true), bar(40, ' ') + "| 0        \n");
    EXPECT_EQ(histogram_bar(-1, 1, 1, false, true), bar(40) + "| -1       \n");
    EXPECT_EQ(histogram_bar(0, 1, 2, true, true), bar(20, ' ') + "|" + bar(20, ' ') + " 0        \n");
    EXPECT_EQ(histogram_bar(1, 1, 2, true, true),
              bar(20, ' ') + "|" + bar(10) + bar(10, ' ') + " 1        \n");
    EXPECT_EQ(histogram_bar(-1, 1, 2, true, true),
              bar(10, ' ') + bar(10) + "|" + bar(20, ' ') + " -1       \n");
}

TEST(OutputAggFormat, BarsNormalized) {
    EXPECT_EQ(histogram_bar(100, 10, 100, true, false), "|" + bar(40) + " 10       \n");
}

TEST(OutputAggFormat, LquantizeTable5cSample) {
    formats::LquantizeParams p = lq(0, 100, 25);
    auto b = lquant(p, {{10, 6}, {30, 4}, {60, 3}, {80, 1}, {150, 2}});
    EXPECT_EQ(format_lquantize(p, b),
              kHeader +
                  "             < 0 |                                         0        \n"
                  "               0 |@@@@@@@@@@@@@@@                          6        \n"
                  "              25 |@@@@@@@@@@                               4        \n"
                  "              50 |@@@@@@@@                                 3        \n"
                  "              75 |@@@                                      1        \n"
                  "          >= 100 |@@@@@                                    2        \n");
}

TEST(OutputAggFormat, LquantizeBelowAndAboveRange) {
    formats::LquantizeParams p = lq(0, 100, 25);
    auto b = lquant(p, {{-5, 1}, {200, 1}});
    const std::string empty = bar(40, ' ') + " 0        \n";
    const std::string half = "@@@@@@@@@@@@@@@@@@@@" + bar(20, ' ') + " 1        \n";
    EXPECT_EQ(format_lquantize(p, b),
              kHeader + "             < 0 |" + half + "               0 |" + empty +
                  "              25 |" + empty + "              50 |" + empty +
                  "              75 |" + empty + "          >= 100 |" + half);
}

TEST(OutputAggFormat, LquantizeWindowInside) {
    formats::LquantizeParams p = lq(0, 10, 1);
    auto b = lquant(p, {{5, 4}});
    EXPECT_EQ(format_lquantize(p, b),
              kHeader +
                  "               4 |                                         0        \n"
                  "               5 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 4        \n"
                  "               6 |                                         0        \n");
}

TEST(OutputAggFormat, LquantizeEmpty) {
    formats::LquantizeParams p = lq(0, 100, 25);
    std::vector<int64_t> b(static_cast<size_t>(formats::lquantize_nbuckets(p)), 0);
    EXPECT_EQ(format_lquantize(p, b),
              kHeader +
                  "             < 0 |                                         0        \n"
                  "               0 |                                         0        \n"
                  "              25 |                                         0        \n");
}

TEST(OutputAggFormat, LquantizeNegativeBase) {
    formats::LquantizeParams p = lq(-10, 10, 5);
    auto b = lquant(p, {{-7, 1}, {-20, 1}});
    EXPECT_EQ(format_lquantize(p, b),
              kHeader +
                  "           < -10 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
                  "             -10 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
                  "              -5 |                                         0        \n");
}

TEST(OutputAggFormat, LlquantizeRows) {
    formats::LlquantizeParams p = llq(10, 0, 2, 10);
    auto b = llquant(p, {{15, 3}, {250, 1}});
    std::string expect = kHeader;
    expect += "               9 |" + bar(40, ' ') + " 0        \n";
    expect += "              10 |" + bar(30) + bar(10, ' ') + " 3        \n";
    for (int v = 20; v <= 90; v += 10) {
        char label[32];
        std::snprintf(label, sizeof label, "%16d |", v);
        expect += label + bar(40, ' ') + " 0        \n";
    }
    expect += "             100 |" + bar(40, ' ') + " 0        \n";
    expect += "             200 |" + bar(10) + bar(30, ' ') + " 1        \n";
    expect += "             300 |" + bar(40, ' ') + " 0        \n";
    EXPECT_EQ(format_llquantize(p, b), expect);
}

TEST(OutputAggFormat, LlquantizeUnderAndOverflow) {
    formats::LlquantizeParams p = llq(10, 1, 2, 10);
    auto b = llquant(p, {{3, 1}, {5000, 1}});
    std::string out = format_llquantize(p, b);
    EXPECT_EQ(out.substr(0, kHeader.size()), kHeader);
    EXPECT_NE(out.find("\n            < 10 |" + bar(20) + bar(20, ' ') + " 1        \n"),
              std::string::npos);
    EXPECT_NE(out.find("\n         >= 1000 |" + bar(20) + bar(20, ' ') + " 1        \n"),
              std::string::npos);
    // every bucket is inside the window: 20 bucket lines
    size_t lines = 0;
    for (char c : out) lines += c == '\n';
    EXPECT_EQ(lines, 2u + 20u);
}

TEST(OutputAggFormat, LlquantizeEmpty) {
    formats::LlquantizeParams p = llq(10, 0, 2, 10);
    std::vector<int64_t> b(static_cast<size_t>(formats::llquantize_nbuckets(p)), 0);
    EXPECT_EQ(format_llquantize(p, b),
              kHeader +
                  "             < 1 |                                         0        \n"
                  "               1 |                                         0        \n");
}

// ---- scalar values, keys and rows --------------------------------------------------------

TEST(OutputAggFormat, ScalarValues) {
    EXPECT_EQ(format_agg_scalar(12), "               12");
    EXPECT_EQ(format_agg_scalar(-5), "               -5");
    EXPECT_EQ(format_agg_scalar(kMax), " 9223372036854775807");
    EXPECT_EQ(format_agg_scalar(100, 10), "               10");
    // DTrace divides by the normalisation factor unsigned.
    EXPECT_EQ(format_agg_scalar(-4, 2), " 9223372036854775806");
}

TEST(OutputAggFormat, AvgValues) {
    EXPECT_EQ(format_agg_avg(3, 10), "                3");
    EXPECT_EQ(format_agg_avg(3, -10), "               -3");
    EXPECT_EQ(format_agg_avg(0, 0), "                0");
    EXPECT_EQ(format_agg_avg(2, 100, 5), "               10");
}

TEST(OutputAggFormat, StddevValues) {
    // 2 4 4 4 5 5 7 9: mean 5, population standard deviation 2.
    EXPECT_EQ(agg_stddev(8, 40, 232, 0), 2u);
    EXPECT_EQ(format_agg_stddev(8, 40, 232, 0), "                2");
    EXPECT_EQ(format_agg_stddev(0, 0, 0, 0), "                0");
    // 1 and 4: mean 2 (integer), mean of squares 8, 8 - 4 = 4 -> 2.
    EXPECT_EQ(agg_stddev(2, 5, 17, 0), 2u);
    // 2^40 and -2^40: squares need the 128-bit sum.
    uint64_t sq = uint64_t{1} << 17;  // 2 * 2^80 = 2^81: high word 2^17
    EXPECT_EQ(agg_stddev(2, 0, 0, sq), uint64_t{1} << 40);
}

TEST(OutputAggFormat, IntegerKeys) {
    EXPECT_EQ(format_agg_key(Value::i64(42)), "               42");
    EXPECT_EQ(format_agg_key(Value::u64(~uint64_t{0})), "               -1");
    EXPECT_EQ(format_agg_key(Value::i32(-1)), "       -1");
    EXPECT_EQ(format_agg_key(Value::u32(0xffffffffu)), "       -1");
    EXPECT_EQ(format_agg_key(Value::i16(-1)), " 65535");
    EXPECT_EQ(format_agg_key(Value::i8(-2)), " 254");
}

TEST(OutputAggFormat, StringKeys) {
    EXPECT_EQ(format_agg_key(Value::string("bash", 256)), "  bash" + bar(46, ' '));
    std::string longname(60, 'x');
    EXPECT_EQ(format_agg_key(Value::string(longname, 256)), "  " + longname);
}

TEST(OutputAggFormat, RowTable5cSample) {
    std::vector<Value> k1{Value::string("bash", 256)};
    EXPECT_EQ(format_agg_row(k1, format_agg_scalar(12)),
              "  bash                                                             12\n");
    std::vector<Value> k2{Value::string("tee", 256)};
    std::vector<Value> k3{Value::i64(4)};
    EXPECT_EQ(format_agg_row(k2, format_agg_scalar(3)) + format_agg_row(k3, format_agg_scalar(1300)),
              "  tee" + bar(47, ' ') + bar(16, ' ') + "3\n" + bar(16, ' ') + "4" + bar(13, ' ') +
                  "1300\n");
}

TEST(OutputAggFormat, RowUnkeyed) {
    EXPECT_EQ(format_agg_row({}, format_agg_scalar(7)), "                7\n");
}

TEST(OutputAggFormat, RowKeyedHistogram) {
    std::vector<Value> k{Value::string("ls", 256)};
    auto b = quant({{1, 1}});
    EXPECT_EQ(format_agg_row(k, format_quantize(b)),
              "  ls" + bar(48, ' ') + kHeader +
                  "               0 |                                         0        \n"
                  "               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
                  "               2 |                                         0        \n"
                  "\n");
}

TEST(OutputAggFormat, MultiKeyRow) {
    std::vector<Value> k{Value::string("read", 256), Value::i32(3)};
    EXPECT_EQ(format_agg_row(k, format_agg_scalar(9)),
              "  read" + bar(46, ' ') + "        3" + "                9\n");
}
