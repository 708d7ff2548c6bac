// -x aggzoom and -x aggpack rendering. The expected strings are worked out by hand from the
// formats in illumos/FreeBSD dt_consume.c (dt_print_quanthdr_packed, dt_print_quantize_packed,
// dt_print_lquantize_packed, dt_print_packed, dt_quantize_total, dt_print_quantline) and
// dt_aggregate.c (dt_aggregate_minmaxbin); see the comment at the top of agg_pack.h.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "agg_test_util.h"
#include "formats/agg_buckets.h"
#include "output/agg_format.h"
#include "output/agg_pack.h"

using namespace bdtrace::output;
namespace formats = bdtrace::formats;
using namespace bdtrace::output::test;

namespace {

std::string at(int n) {
    return std::string(static_cast<size_t>(n), '@');
}
std::string sp(int n) {
    return std::string(static_cast<size_t>(n), ' ');
}

// One classic one-sided bar line: the label, '|', |depth| '@' padded to 40, the count.
std::string line(const std::string& label, int depth, const std::string& count) {
    std::string c = count + sp(9 - static_cast<int>(count.size()));
    return sp(16 - static_cast<int>(label.size())) + label + " |" + at(depth) + sp(40 - depth) +
           " " + c + "\n";
}

const HistogramStyle kZoom{.zoom = true};
const HistogramStyle kPack{.pack = true};
const HistogramStyle kPackZoom{.zoom = true, .pack = true};
const HistogramStyle kPackUtf8{.pack = true, .utf8 = true};

}  // namespace

// ---- aggzoom on the classic histograms ---------------------------------------------------

TEST(OutputAggZoom, DefaultIsShareOfTotal) {
    auto b = quant({{1, 1}, {2, 2}, {4, 1}});
    EXPECT_EQ(format_quantize(b), kHeader + line("0", 0, "0") + line("1", 10, "1") +
                                      line("2", 20, "2") + line("4", 10, "1") + line("8", 0, "0"));
}

TEST(OutputAggZoom, QuantizeLargestBucketGets95Percent) {
    // total = 2 / 0.95: the 2 gets 38 columns, each 1 gets 19.
    auto b = quant({{1, 1}, {2, 2}, {4, 1}});
    EXPECT_EQ(format_quantize(b, 1, kZoom), kHeader + line("0", 0, "0") + line("1", 19, "1") +
                                                line("2", 38, "2") + line("4", 19, "1") +
                                                line("8", 0, "0"));
}

TEST(OutputAggZoom, SingleBucketIs38Columns) {
    auto b = quant({{100, 7}});
    EXPECT_EQ(format_quantize(b, 1, kZoom),
              kHeader + line("32", 0, "0") + line("64", 38, "7") + line("128", 0, "0"));
}

TEST(OutputAggZoom, TwoSidedBarsUse19Of20) {
    // Counts -3 (bucket of 1) and 1 (bucket of 2): total = 3 / 0.95; -3 gets 19 of the left
    // half, 1 gets 20 / 3.16 + 0.5 = 6 of the right half.
    std::vector<int64_t> b(formats::kQuantizeBuckets, 0);
    b[static_cast<size_t>(formats::quantize_bucket(1))] = -3;
    b[static_cast<size_t>(formats::quantize_bucket(2))] = 1;
    EXPECT_EQ(format_quantize(b, 1, kZoom),
              kHeader + "               0 " + sp(20) + "|" + sp(20) + " 0        \n" +
                  "               1 " + sp(1) + at(19) + "|" + sp(20) + " -3       \n" +
                  "               2 " + sp(20) + "|" + at(6) + sp(14) + " 1        \n" +
                  "               4 " + sp(20) + "|" + sp(20) + " 0        \n");
}

TEST(OutputAggZoom, Lquantize) {
    // lquantize(x, 0, 10, 5): 3 in [0,5) three times, 7 once; total = 3 / 0.95.
    auto p = lq(0, 10, 5);
    auto b = lquant(p, {{3, 3}, {7, 1}});
    EXPECT_EQ(format_lquantize(p, b, 1, kZoom), kHeader + line("< 0", 0, "0") + line("0", 38, "3") +
                                                    line("5", 13, "1") + line(">= 10", 0, "0"));
}

TEST(OutputAggZoom, Llquantize) {
    // llquantize(x, 10, 0, 1, 10): 5 five times, 50 twice; total = 5 / 0.95, so 2 gets
    // 2 * 38 / 5 = 15.2 columns.
    auto p = llq(10, 0, 1, 10);
    auto b = llquant(p, {{5, 5}, {50, 2}});
    std::string expected = kHeader + line("4", 0, "0") + line("5", 38, "5");
    for (int v : {6, 7, 8, 9, 10, 20, 30, 40}) expected += line(std::to_string(v), 0, "0");
    expected += line("50", 15, "2") + line("60", 0, "0");
    EXPECT_EQ(format_llquantize(p, b, 1, kZoom), expected);
}

TEST(OutputAggZoom, NormalizedCountsKeepUnnormalizedBars) {
    auto b = quant({{1, 10}, {2, 30}});
    EXPECT_EQ(format_quantize(b, 10, kZoom), kHeader + line("0", 0, "0") + line("1", 13, "1") +
                                                 line("2", 38, "3") + line("4", 0, "0"));
}

TEST(OutputAggZoom, HistogramTotal) {
    std::vector<int64_t> c = {1, -4, 2};
    EXPECT_EQ(histogram_total(c, false), 7.0L);
    EXPECT_EQ(histogram_total(c, true), 4.0L * (1 / 0.95));
    EXPECT_EQ(histogram_total({}, true), 0.0L);
}

TEST(OutputAggZoom, PackFlagLeavesClassicRenderersAlone) {
    // DTrace never packs llquantize(); the classic functions ignore the flag.
    auto p = llq(10, 0, 1, 10);
    auto b = llquant(p, {{5, 4}, {50, 1}});
    EXPECT_EQ(format_llquantize(p, b, 1, kPackZoom), format_llquantize(p, b, 1, kZoom));
    EXPECT_EQ(format_llquantize(p, b, 1, kPack), format_llquantize(p, b));
    auto q = quant({{1, 1}});
    EXPECT_EQ(format_quantize(q, 1, kPack), format_quantize(q));
}

// ---- aggpack: quantize -------------------------------------------------------------------

TEST(OutputAggPack, QuantizeUnkeyed) {
    // Data in the buckets of 1, 2 and 4: printed from 0 (one below) to 8 (one above).
    std::vector<PackedRow> rows = {{{}, quant({{1, 1}, {2, 2}, {4, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .-----. max  | count\n"
              "    0 : xxx : 8    | 4\n");
}

TEST(OutputAggPack, QuantizeZoomed) {
    std::vector<PackedRow> rows = {{{}, quant({{1, 1}, {2, 2}, {4, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows, kPackZoom),
              "\n  min .-----. max  | count\n"
              "    0 : xXx : 8    | 4\n");
}

TEST(OutputAggPack, QuantizeUtf8Blocks) {
    // 1 * 7 / 4 rounds to 2 (U+2583), 2 * 7 / 4 to 4 (U+2585).
    std::vector<PackedRow> rows = {{{}, quant({{1, 1}, {2, 2}, {4, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows, kPackUtf8),
              "\n  min .-----. max  | count\n"
              "    0 : \xe2\x96\x83\xe2\x96\x85\xe2\x96\x83 : 8    | 4\n");
}

TEST(OutputAggPack, QuantizeKeyedRowsShareTheRange) {
    // @[(int)key] = quantize(): the range spans both rows (1 .. 1024, printed 0 .. 2048).
    std::vector<PackedRow> rows = {
        {{Value::i32(1)}, quant({{1, 10}})},
        {{Value::i32(2)}, quant({{8, 1}, {1024, 3}})},
    };
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n      key  min .-------------. max  | count\n"
              "        1    0 : X           : 2048 | 10\n"
              "        2    0 :    x      x : 2048 | 4\n");
}

TEST(OutputAggPack, QuantizeNegativeValues) {
    // -5 lands in the bucket labelled -4; the lower end is one further: -8.
    std::vector<PackedRow> rows = {{{}, quant({{-5, 2}, {3, 2}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .--------. max  | count\n"
              "   -8 : x    x : 4    | 4\n");
}

TEST(OutputAggPack, QuantizeNegativeCounts) {
    // Negative increments: "vvvvVV" by |count| * 5 / total; COUNT is the signed sum.
    std::vector<int64_t> a(formats::kQuantizeBuckets, 0), b(formats::kQuantizeBuckets, 0);
    a[static_cast<size_t>(formats::quantize_bucket(1))] = -3;
    a[static_cast<size_t>(formats::quantize_bucket(2))] = 1;
    b[static_cast<size_t>(formats::quantize_bucket(1))] = -1;
    b[static_cast<size_t>(formats::quantize_bucket(2))] = 9;
    std::vector<PackedRow> rows = {{{Value::u8(7)}, a}, {{Value::u8(9)}, b}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n key  min .----. max  | count\n"
              "   7    0 : Vx : 4    | -2\n"
              "   9    0 : vX : 4    | 8\n");
}

TEST(OutputAggPack, QuantizeNegativeCountsStayAsciiInUtf8) {
    std::vector<int64_t> a(formats::kQuantizeBuckets, 0);
    a[static_cast<size_t>(formats::quantize_bucket(1))] = -3;
    a[static_cast<size_t>(formats::quantize_bucket(2))] = 1;
    std::vector<PackedRow> rows = {{{}, a}};
    EXPECT_EQ(format_quantize_packed_rows(rows, kPackUtf8),
              "\n  min .----. max  | count\n"
              "    0 : V\xe2\x96\x83 : 4    | -2\n");
}

TEST(OutputAggPack, QuantizeWideLabels) {
    // 100000 is in the bucket of 65536: printed from 32768 to 131072, 5 and 6 columns.
    std::vector<PackedRow> rows = {{{}, quant({{100000, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n   min .---. max    | count\n"
              " 32768 : X : 131072 | 1\n");
}

TEST(OutputAggPack, QuantizeNoData) {
    // A row without data stands for the zero bucket: printed 0 .. 1.
    std::vector<PackedRow> rows = {{{}, std::vector<int64_t>(formats::kQuantizeBuckets, 0)}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .--. max  | count\n"
              "    0 :  : 1    | 0\n");
}

TEST(OutputAggPack, QuantizeEmptyRowWidensTheRange) {
    // The empty row contributes the zero bucket, so the range starts at 0 (not widened below).
    std::vector<PackedRow> rows = {
        {{Value::i64(1)}, quant({{4, 1}})},
        {{Value::i64(2)}, std::vector<int64_t>(formats::kQuantizeBuckets, 0)},
    };
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n              key  min .-----. max  | count\n"
              "                1    0 :   X : 8    | 1\n"
              "                2    0 :     : 8    | 0\n");
}

TEST(OutputAggPack, QuantizeLowestDataAtZeroIsNotWidened) {
    std::vector<PackedRow> rows = {{{}, quant({{0, 5}, {1, 5}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .---. max  | count\n"
              "    0 :xx : 2    | 10\n");
}

TEST(OutputAggPack, QuantizeLowestDataAtMinusOneIsWidened) {
    std::vector<PackedRow> rows = {{{}, quant({{-1, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .---. max  | count\n"
              "   -2 : X : 0    | 1\n");
}

TEST(OutputAggPack, QuantizeEdgeBuckets) {
    std::vector<PackedRow> top = {{{}, quant({{kMax, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(top),
              "\n" + sp(17) + "min .--. max" + sp(17) + "| count\n" +
                  " 2305843009213693952 : X: 4611686018427387904 | 1\n");
    std::vector<PackedRow> bottom = {{{}, quant({{kMin, 1}})}};
    EXPECT_EQ(format_quantize_packed_rows(bottom),
              "\n" + sp(18) + "min .--. max" + sp(18) + "| count\n" +
                  " -4611686018427387904 :X : -2305843009213693952 | 1\n");
}

TEST(OutputAggPack, QuantizeIgnoresNormalization) {
    // The packed functions take no normalisation factor: COUNT is the raw sum.
    std::vector<PackedRow> rows = {{{}, quant({{1, 1000}})}};
    EXPECT_EQ(format_quantize_packed_rows(rows),
              "\n  min .---. max  | count\n"
              "    0 : X : 2    | 1000\n");
}

TEST(OutputAggPack, QuantizeWrongSize) {
    QuantizePackRange r;
    EXPECT_EQ(format_quantize_packed(std::vector<int64_t>(5, 0), r), "");
}

TEST(OutputAggPack, HeaderAndRowPieces) {
    QuantizePackRange r;
    auto a = quant({{3, 1}});
    auto b = quant({{40, 1}});
    r.add(a);
    r.add(b);
    EXPECT_EQ(r.first_bucket(), formats::quantize_bucket(1));
    EXPECT_EQ(r.last_bucket(), formats::quantize_bucket(64));
    EXPECT_EQ(quantize_packed_header(0, r), "\n  min .-------. max  | count\n");
    EXPECT_EQ(format_quantize_packed(a, r), "    1 : X     : 64   | 1\n");
    EXPECT_EQ(format_quantize_packed(b, r), "    1 :     X : 64   | 1\n");
}

// ---- aggpack: lquantize ------------------------------------------------------------------

TEST(OutputAggPack, LquantizeUnkeyed) {
    // Every bucket is printed, "< 0" to ">= 10", whatever the data.
    auto p = lq(0, 10, 5);
    std::vector<PackedRow> rows = {{{}, lquant(p, {{3, 2}, {7, 1}, {12, 1}})}};
    EXPECT_EQ(format_lquantize_packed_rows(p, rows),
              "\n     min .----. max      | count\n"
              "     < 0 : xxx: >= 10    | 4\n");
}

TEST(OutputAggPack, LquantizeStringKeys) {
    // String keys right-aligned in 16 after a blank; the header's key column is 17 wide.
    auto p = lq(0, 10, 5);
    std::vector<PackedRow> rows = {
        {{Value::string("foo", 32)}, lquant(p, {{3, 2}, {7, 1}, {12, 1}})},
        {{Value::string("barbaz", 32)}, lquant(p, {{12, 5}})},
    };
    EXPECT_EQ(format_lquantize_packed_rows(p, rows),
              "\n              key     min .----. max      | count\n"
              "              foo     < 0 : xxx: >= 10    | 4\n"
              "           barbaz     < 0 :   X: >= 10    | 5\n");
}

TEST(OutputAggPack, LquantizeNegativeBaseAndZoom) {
    // lquantize(x, -10, 10, 10): buckets < -10, -10, 0, >= 10.
    auto p = lq(-10, 10, 10);
    std::vector<PackedRow> rows = {{{}, lquant(p, {{-20, 1}, {-5, 4}, {5, 2}})}};
    EXPECT_EQ(format_lquantize_packed_rows(p, rows),
              "\n     min .----. max      | count\n"
              "   < -10 :_xx : >= 10    | 7\n");
    EXPECT_EQ(format_lquantize_packed_rows(p, rows, kPackZoom),
              "\n     min .----. max      | count\n"
              "   < -10 :xXx : >= 10    | 7\n");
}

TEST(OutputAggPack, LquantizeNoData) {
    auto p = lq(0, 3, 1);
    std::vector<PackedRow> rows = {{{Value::i64(5)}, lquant(p, {})}};
    EXPECT_EQ(format_lquantize_packed_rows(p, rows),
              "\n              key     min .-----. max      | count\n"
              "                5     < 0 :     : >= 3     | 0\n");
}

// ---- pieces ------------------------------------------------------------------------------

TEST(OutputAggPack, Ndigits) {
    EXPECT_EQ(packed_ndigits(0), 4);
    EXPECT_EQ(packed_ndigits(-1), 4);
    EXPECT_EQ(packed_ndigits(1024), 4);
    EXPECT_EQ(packed_ndigits(-1024), 5);
    EXPECT_EQ(packed_ndigits(65536), 5);
    EXPECT_EQ(packed_ndigits(99999), 5);
    EXPECT_EQ(packed_ndigits(100000), 5);  // DTrace's count for an exact power of ten
    EXPECT_EQ(packed_ndigits(100001), 6);
    EXPECT_EQ(packed_ndigits(kMax), 19);
    EXPECT_EQ(packed_ndigits(kMin), 20);
}

TEST(OutputAggPack, KeyWidths) {
    std::vector<Value> keys = {Value::i8(1),          Value::u16(2),
                               Value::i32(3),         Value::u64(4),
                               Value::string("s", 8), Value::symbol("kernel`foo"),
                               Value::stack({"a`b"})};
    EXPECT_EQ(packed_key_width(keys), 4 + 6 + 9 + 17 + 17 + 17 + 17);
    EXPECT_EQ(packed_key_width({}), 0);
}

TEST(OutputAggPack, Keys) {
    EXPECT_EQ(format_packed_key(Value::string("abc", 16)), "              abc");
    EXPECT_EQ(format_packed_key(Value::i32(-5)), "       -5");
    EXPECT_EQ(format_packed_key(Value::symbol("vmlinux`schedule")), "  vmlinux`schedule" + sp(34));
    // A string filling its record (no NUL) prints as dt_print_bytes's "  %-16s".
    EXPECT_EQ(format_packed_key(Value::raw("abcdefgh")), "  abcdefgh        ");
}

TEST(OutputAggPack, Cells) {
    EXPECT_EQ(packed_cell(0, 10, false), " ");
    EXPECT_EQ(packed_cell(1, 10, false), "_");  // 0.7 + 0.5 -> index 1
    EXPECT_EQ(packed_cell(2, 10, false), "_");  // 1.4 + 0.5 -> index 1
    EXPECT_EQ(packed_cell(3, 10, false), "x");  // 2.1 + 0.5 -> index 2
    EXPECT_EQ(packed_cell(10, 10, false), "X");
    EXPECT_EQ(packed_cell(-10, 10, false), "V");
    EXPECT_EQ(packed_cell(-1, 10, false), "v");
    EXPECT_EQ(packed_cell(10, 10, true), "\xe2\x96\x88");
    EXPECT_EQ(packed_cell(1, 100, true), "\xe2\x96\x81");
}

TEST(OutputAggPack, Utf8Choice) {
    EXPECT_TRUE(packed_utf8(std::nullopt, "xterm-256color"));
    EXPECT_TRUE(packed_utf8(std::nullopt, nullptr));
    EXPECT_FALSE(packed_utf8(std::nullopt, "dumb"));
    EXPECT_FALSE(packed_utf8(std::nullopt, "sun"));
    EXPECT_FALSE(packed_utf8(std::nullopt, "sun-color"));
    EXPECT_FALSE(packed_utf8("ascii", "xterm"));
    EXPECT_TRUE(packed_utf8("utf8", "dumb"));
}
