// The Prometheus text exposition of aggregations (-x prometheus): families, label escaping,
// cumulative histogram buckets, numbers, names; and the bucket ranges histograms are built on.
// Each exposition is checked to the byte.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "output/agg_ranges.h"
#include "output/prometheus.h"

using namespace bdtrace::output;
namespace formats = bdtrace::formats;
using namespace std::string_literals;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

std::string text(const std::vector<PromFamily>& f) { return prometheus_text(f); }

}  // namespace

TEST(OutputPrometheus, CounterWithLabels) {
    PromFamily f{"dtrace_calls_total", PromType::Counter, "bdtrace aggregation @calls = count()",
                 {"func", "key1"}, {}};
    f.samples.push_back({{"lt_tick", "7"}, int64_t{7}, {}, int64_t{0}});
    f.samples.push_back({{"lt_tock", "-1"}, int64_t{12}, {}, int64_t{0}});
    EXPECT_EQ(text({f}),
              "# HELP dtrace_calls_total bdtrace aggregation @calls = count()\n"
              "# TYPE dtrace_calls_total counter\n"
              "dtrace_calls_total{func=\"lt_tick\",key1=\"7\"} 7\n"
              "dtrace_calls_total{func=\"lt_tock\",key1=\"-1\"} 12\n");
}

TEST(OutputPrometheus, GaugeWithoutKeysAndEmptyFamily) {
    PromFamily g{"dtrace_largest", PromType::Gauge, "max", {}, {}};
    g.samples.push_back({{}, int64_t{-42}, {}, int64_t{0}});
    PromFamily empty{"dtrace_none_total", PromType::Counter, "nothing yet", {"key0"}, {}};
    EXPECT_EQ(text({g, empty}),
              "# HELP dtrace_largest max\n"
              "# TYPE dtrace_largest gauge\n"
              "dtrace_largest -42\n"
              "# HELP dtrace_none_total nothing yet\n"
              "# TYPE dtrace_none_total counter\n");
}

TEST(OutputPrometheus, LabelValuesAreEscaped) {
    PromFamily f{"m", PromType::Gauge, "back\\slash\nnew \"quoted\"", {"k"}, {}};
    f.samples.push_back({{"a\\b\"c\nd"}, 1.5, {}, int64_t{0}});
    // HELP escapes backslash and newline only; label values the double quote too.
    EXPECT_EQ(text({f}),
              "# HELP m back\\\\slash\\nnew \"quoted\"\n"
              "# TYPE m gauge\n"
              "m{k=\"a\\\\b\\\"c\\nd\"} 1.5\n");
}

TEST(OutputPrometheus, InvalidUtf8BecomesReplacementCharacter) {
    PromFamily f{"m", PromType::Gauge, "h", {"k"}, {}};
    f.samples.push_back({{"ok\xc3\xa9\xff\xc0\xafz\xed\xa0\x80"}, int64_t{1}, {}, int64_t{0}});
    // é stays; 0xff, an overlong 0xc0 0xaf and a surrogate are replaced byte by byte.
    EXPECT_EQ(text({f}),
              "# HELP m h\n# TYPE m gauge\n"
              "m{k=\"ok\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdz\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"} 1\n");
}

TEST(OutputPrometheus, HistogramBucketsAreCumulativeAndSparse) {
    PromFamily f{"dtrace_sizes", PromType::Histogram, "quantize", {"key0"}, {}};
    PromSample s;
    s.labels = {"x"};
    // Buckets: <=0: 0, <=1: 2, <=3: 0, <=7: 0, <=15: 3, <=31: 0, open: 1.
    s.buckets = {{0, 0}, {1, 2}, {3, 0}, {7, 0}, {15, 3}, {31, 0}, {std::nullopt, 1}};
    s.sum = int64_t{60};
    f.samples.push_back(s);
    // A bucket is written when it or the one above holds a count: le=0 (below le=1), le=1,
    // le=7 (below le=15), le=15, le=31 (below the open one); then +Inf, _sum, _count.
    EXPECT_EQ(text({f}),
              "# HELP dtrace_sizes quantize\n"
              "# TYPE dtrace_sizes histogram\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"0\"} 0\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"1\"} 2\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"7\"} 2\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"15\"} 5\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"31\"} 5\n"
              "dtrace_sizes_bucket{key0=\"x\",le=\"+Inf\"} 6\n"
              "dtrace_sizes_sum{key0=\"x\"} 60\n"
              "dtrace_sizes_count{key0=\"x\"} 6\n");
}

TEST(OutputPrometheus, HistogramWithoutKeysOrCounts) {
    PromFamily f{"h", PromType::Histogram, "empty", {}, {}};
    PromSample s;
    s.buckets = {{-1, 0}, {0, 0}, {std::nullopt, 0}};
    s.sum = 0.25;
    f.samples.push_back(s);
    EXPECT_EQ(text({f}),
              "# HELP h empty\n# TYPE h histogram\n"
              "h_bucket{le=\"+Inf\"} 0\n"
              "h_sum 0.25\n"
              "h_count 0\n");
}

TEST(OutputPrometheus, NegativeBucketBounds) {
    PromFamily f{"h", PromType::Histogram, "lquantize", {}, {}};
    PromSample s;
    s.buckets = {{-11, 1}, {-6, 0}, {-1, 4}, {4, 0}, {std::nullopt, 0}};
    s.sum = int64_t{-40};
    f.samples.push_back(s);
    EXPECT_EQ(text({f}),
              "# HELP h lquantize\n# TYPE h histogram\n"
              "h_bucket{le=\"-11\"} 1\n"
              "h_bucket{le=\"-6\"} 1\n"
              "h_bucket{le=\"-1\"} 5\n"
              "h_bucket{le=\"+Inf\"} 5\n"
              "h_sum -40\n"
              "h_count 5\n");
}

TEST(OutputPrometheus, Numbers) {
    EXPECT_EQ(prometheus_number(int64_t{0}), "0");
    EXPECT_EQ(prometheus_number(kMin), "-9223372036854775808");
    EXPECT_EQ(prometheus_number(2.5), "2.5");
    EXPECT_EQ(prometheus_number(1.0 / 3), "0.3333333333333333");
    EXPECT_EQ(prometheus_number(1e300), "1e+300");
    EXPECT_EQ(prometheus_number(std::numeric_limits<double>::infinity()), "+Inf");
    EXPECT_EQ(prometheus_number(-std::numeric_limits<double>::infinity()), "-Inf");
    EXPECT_EQ(prometheus_number(std::numeric_limits<double>::quiet_NaN()), "NaN");
}

TEST(OutputPrometheus, Names) {
    EXPECT_TRUE(prometheus_metric_name_ok("dtrace_calls_total"));
    EXPECT_TRUE(prometheus_metric_name_ok("a:b"));
    EXPECT_FALSE(prometheus_metric_name_ok("9lives"));
    EXPECT_FALSE(prometheus_metric_name_ok("a-b"));
    EXPECT_FALSE(prometheus_metric_name_ok(""));
    EXPECT_TRUE(prometheus_label_name_ok("func"));
    EXPECT_TRUE(prometheus_label_name_ok("_x1"));
    EXPECT_FALSE(prometheus_label_name_ok("__name__"));
    EXPECT_FALSE(prometheus_label_name_ok("a:b"));
    EXPECT_FALSE(prometheus_label_name_ok("1a"));
    PromFamily h{"lat", PromType::Histogram, "", {}, {}};
    EXPECT_EQ(prometheus_series_names(h), (std::vector<std::string>{"lat_bucket", "lat_sum", "lat_count"}));
    PromFamily c{"calls_total", PromType::Counter, "", {}, {}};
    EXPECT_EQ(prometheus_series_names(c), (std::vector<std::string>{"calls_total"}));
}

TEST(OutputPrometheus, LabelValuesOfKeys) {
    EXPECT_EQ(prometheus_label_value(Value::i32(-5)), "-5");
    EXPECT_EQ(prometheus_label_value(Value::u64(18446744073709551615ull)), "18446744073709551615");
    EXPECT_EQ(prometheus_label_value(Value::i8(-1)), "-1");
    EXPECT_EQ(prometheus_label_value(Value::string("bash", 256)), "bash");
    EXPECT_EQ(prometheus_label_value(Value::raw("ab\0\0"s)), "ab");
    EXPECT_EQ(prometheus_label_value(Value::raw("\x01\xff"s)), "0x01ff");
    Value stack;
    stack.kind = Value::Kind::Stack;
    stack.frames = {"libc.so.6`write+0x14", "prog`main+0x2a", "libc.so.6`__libc_start_call_main+0x7a"};
    // Folded as stackcollapse folds: the outermost frame first.
    EXPECT_EQ(prometheus_label_value(stack), "libc.so.6`__libc_start_call_main+0x7a;prog`main+0x2a;libc.so.6`write+0x14");
    Value sym;
    sym.kind = Value::Kind::Symbol;
    sym.text = "vmlinux`do_sys_open";
    EXPECT_EQ(prometheus_label_value(sym), "vmlinux`do_sys_open");
}

TEST(AggRanges, Quantize) {
    auto r = quantize_ranges();
    ASSERT_EQ(r.size(), 127u);
    EXPECT_EQ(r[63].min, 0);
    EXPECT_EQ(r[63].max, 0);
    EXPECT_EQ(r[64].min, 1);
    EXPECT_EQ(r[64].max, 1);
    EXPECT_EQ(r[65].min, 2);
    EXPECT_EQ(r[65].max, 3);
    EXPECT_EQ(r[66].min, 4);
    EXPECT_EQ(r[66].max, 7);
    EXPECT_EQ(r[126].min, int64_t{1} << 62);
    EXPECT_EQ(r[126].max, kMax);
    EXPECT_EQ(r[62].min, -1);
    EXPECT_EQ(r[62].max, -1);
    EXPECT_EQ(r[61].min, -3);
    EXPECT_EQ(r[61].max, -2);
    EXPECT_EQ(r[0].min, kMin);
    // Contiguous: every value has one bucket.
    for (size_t i = 1; i < r.size(); ++i) EXPECT_EQ(r[i].min, r[i - 1].max + 1) << i;
}

TEST(AggRanges, Lquantize) {
    auto r = lquantize_ranges({0, 10, 3});  // lquantize(x, 0, 30, 10)
    ASSERT_EQ(r.size(), 5u);
    EXPECT_EQ(r[0].min, kMin);
    EXPECT_EQ(r[0].max, -1);
    EXPECT_EQ(r[1].min, 0);
    EXPECT_EQ(r[1].max, 9);
    EXPECT_EQ(r[3].min, 20);
    EXPECT_EQ(r[3].max, 29);
    EXPECT_EQ(r[4].min, 30);
    EXPECT_EQ(r[4].max, kMax);
}

TEST(AggRanges, Llquantize) {
    // llquantize(x, 10, 0, 1, 10): < 1, 1..9 by 1, 10..90 by 10, >= 100.
    formats::LlquantizeParams p{10, 0, 1, 10};
    auto r = llquantize_ranges(p);
    ASSERT_EQ(static_cast<int>(r.size()), formats::llquantize_nbuckets(p));
    EXPECT_EQ(r.front().min, kMin);
    EXPECT_EQ(r.front().max, 0);
    EXPECT_EQ(r[1].min, 1);
    EXPECT_EQ(r[1].max, 1);
    EXPECT_EQ(r[9].min, 9);
    EXPECT_EQ(r[9].max, 9);
    EXPECT_EQ(r[10].min, 10);
    EXPECT_EQ(r[10].max, 19);
    EXPECT_EQ(r.back().min, 100);
    EXPECT_EQ(r.back().max, kMax);
    for (size_t i = 1; i < r.size(); ++i) EXPECT_EQ(r[i].min, r[i - 1].max + 1) << i;
    // Each value falls in the bucket whose range holds it.
    for (int64_t v : {-5, 0, 1, 7, 10, 55, 99, 100, 5000})
        EXPECT_TRUE(r[static_cast<size_t>(formats::llquantize_bucket(p, v))].min <= v &&
                    v <= r[static_cast<size_t>(formats::llquantize_bucket(p, v))].max)
            << v;
}
