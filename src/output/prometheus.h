// The Prometheus text exposition format (version 0.0.4, what every Prometheus server scrapes)
// for a snapshot of the aggregations and the consumer's counters (-x prometheus). The runtime
// turns the aggregation map into PromFamily values (runtime/agg_metrics.h); this file only
// writes text, so that its output can be checked to the byte.
//
// Per family: "# HELP name text", "# TYPE name counter|gauge|histogram", then its samples in
// the given order. Label values are escaped as the format requires (backslash, double quote
// and newline as \\, \" and \n) and made valid UTF-8 (other bytes become U+FFFD, which a
// Prometheus server would otherwise refuse the whole scrape for). Histograms write cumulative
// "le" buckets: a bucket is written when it or the bucket above it holds a count, so that the
// series only ever grow while tracing runs and histogram_quantile() interpolates from the
// right lower bound; "+Inf" (equal to _count) always closes them, then _sum and _count.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "output/value.h"

namespace bdtrace::output {

enum class PromType { Counter, Gauge, Histogram };

// A number as it is written: integers exactly, others in the shortest text that reads back
// as the same double.
using PromNumber = std::variant<int64_t, double>;

// One histogram bucket (not cumulative): the values up to `le` (inclusive) above the previous
// bucket's; nullopt for the bucket with no upper end (it becomes "+Inf").
struct PromBucket {
    std::optional<int64_t> le;
    int64_t count = 0;
};

struct PromSample {
    std::vector<std::string> labels;  // values, one per PromFamily::label_names, unescaped
    PromNumber value = int64_t{0};    // counters and gauges
    std::vector<PromBucket> buckets;  // histograms: every bucket, lowest first
    PromNumber sum = int64_t{0};      // histograms: the _sum sample
};

struct PromFamily {
    std::string name;  // the metric name (a counter's includes its "_total")
    PromType type = PromType::Counter;
    std::string help;
    std::vector<std::string> label_names;
    std::vector<PromSample> samples;
};

// The body of a scrape: every family in order.
std::string prometheus_text(std::span<const PromFamily> families);

// The names of the series a family writes: its name, or for a histogram name_bucket,
// name_sum and name_count.
std::vector<std::string> prometheus_series_names(const PromFamily& family);

// A valid metric name ([a-zA-Z_:][a-zA-Z0-9_:]*) and label name ([a-zA-Z_][a-zA-Z0-9_]*, not
// starting with "__", which Prometheus keeps for itself).
bool prometheus_metric_name_ok(std::string_view name);
bool prometheus_label_name_ok(std::string_view name);

// An aggregation key as a label value: integers in decimal (signed or not as the D type is),
// strings up to their first NUL, other byte records as text when they are printable and as
// 0x-prefixed hexadecimal bytes otherwise, symbols as their names, stacks folded as
// stackcollapse folds them (outermost frame first, ";" between frames).
std::string prometheus_label_value(const Value& key);

// The number text used for samples: integers exactly; doubles as the shortest decimal that
// reads back the same, NaN and infinities as Prometheus spells them.
std::string prometheus_number(const PromNumber& n);

}  // namespace bdtrace::output
