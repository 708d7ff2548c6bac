#include "runtime/agg_metrics.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "output/agg_ranges.h"
#include "runtime/agg_sort.h"
#include "runtime/agg_user_keys.h"

namespace bdtrace::runtime {

using sema::AggFunc;

namespace {

const char* func_name(AggFunc f) {
    switch (f) {
        case AggFunc::Count: return "count";
        case AggFunc::Sum: return "sum";
        case AggFunc::Min: return "min";
        case AggFunc::Max: return "max";
        case AggFunc::Avg: return "avg";
        case AggFunc::Stddev: return "stddev";
        case AggFunc::Quantize: return "quantize";
        case AggFunc::Lquantize: return "lquantize";
        case AggFunc::Llquantize: return "llquantize";
    }
    return "?";
}

output::PromType type_of(AggFunc f) {
    switch (f) {
        case AggFunc::Count:
        case AggFunc::Sum: return output::PromType::Counter;
        case AggFunc::Quantize:
        case AggFunc::Lquantize:
        case AggFunc::Llquantize: return output::PromType::Histogram;
        default: return output::PromType::Gauge;
    }
}

std::string bare_name(const std::string& agg) { return agg.size() > 1 && agg[0] == '@' ? agg.substr(1) : agg; }

// The family of an aggregation, without samples.
output::PromFamily family_of(const codegen::AggDesc& d, const MetricLabels& labels) {
    output::PromFamily f;
    f.type = type_of(d.func);
    // The anonymous aggregation @ is @_ to D, as in DTrace.
    bool anonymous = d.name == "@_";
    f.name = anonymous ? "dtrace_aggregation" : "dtrace_" + bare_name(d.name);
    if (f.type == output::PromType::Counter && !f.name.ends_with("_total")) f.name += "_total";
    f.help = "bdtrace aggregation " + (anonymous ? std::string("@") : d.name) + " = " + func_name(d.func) + "()";
    auto it = labels.find(d.name);
    for (size_t i = 0; i < d.keys.size(); ++i) {
        if (it != labels.end() && i < it->second.size()) f.label_names.push_back(it->second[i]);
        else f.label_names.push_back("key" + std::to_string(i));
    }
    return f;
}

output::PromFamily counter_family(std::string name, std::string help, bool by_cpu) {
    output::PromFamily f;
    f.name = std::move(name);
    f.help = std::move(help);
    f.type = output::PromType::Counter;
    if (by_cpu) f.label_names = {"cpu"};
    return f;
}

std::vector<output::PromFamily> consumer_families(const ConsumerCounters& c) {
    std::vector<output::PromFamily> out;
    auto per_cpu = [&](output::PromFamily f, const std::vector<uint64_t>& v) {
        for (size_t cpu = 0; cpu < v.size(); ++cpu)
            f.samples.push_back({{std::to_string(cpu)}, static_cast<int64_t>(v[cpu]), {}, int64_t{0}});
        out.push_back(std::move(f));
    };
    auto single = [&](output::PromFamily f, uint64_t v) {
        f.samples.push_back({{}, static_cast<int64_t>(v), {}, int64_t{0}});
        out.push_back(std::move(f));
    };
    per_cpu(counter_family("dtrace_drops_total", "Records lost because the trace buffer was full, by CPU", true),
            c.drops);
    per_cpu(counter_family("dtrace_aggregation_drops_total",
                           "Aggregation updates lost because the aggregation buffer was full (-x aggsize), by CPU", true),
            c.aggregation_drops);
    single(counter_family("dtrace_dynamic_variable_drops_total",
                          "Dynamic variable stores lost because their space was full (-x dynvarsize)", false),
           c.dynvar_drops);
    single(counter_family("dtrace_nested_drops_total",
                          "Probe firings the kernel skipped because their program was already running on that CPU",
                          false),
           c.nested_drops);
    return out;
}

int64_t at(const AggRow& r, size_t i) { return i < r.value.size() ? r.value[i] : 0; }

double stddev_of(const AggRow& r) {
    auto count = static_cast<long double>(static_cast<uint64_t>(at(r, 0)));
    if (count == 0) return 0;
    long double sum = static_cast<long double>(at(r, 1));
    long double sumsq = std::ldexp(static_cast<long double>(static_cast<uint64_t>(at(r, 3))), 64) +
                        static_cast<long double>(static_cast<uint64_t>(at(r, 2)));
    long double mean = sum / count;
    long double var = sumsq / count - mean * mean;
    return static_cast<double>(var > 0 ? std::sqrt(var) : 0);
}

// Histogram buckets: the ranges of the aggregating function with the row's counts; the _sum
// weighs each bucket as DTrace labels it (its lower bound; quantize()'s negative buckets and
// the buckets below the range by their upper bound).
void histogram_sample(const AggRow& r, const codegen::AggDesc& d, output::PromSample& s) {
    std::vector<output::BucketRange> ranges;
    switch (d.func) {
        case AggFunc::Quantize: ranges = output::quantize_ranges(); break;
        case AggFunc::Lquantize:
            ranges = output::lquantize_ranges({static_cast<int32_t>(d.base), static_cast<uint16_t>(d.step),
                                               static_cast<uint16_t>(d.levels)});
            break;
        default: ranges = output::llquantize_ranges(d.llquantize); break;
    }
    long double sum = 0;
    for (size_t i = 0; i < ranges.size(); ++i) {
        const output::BucketRange& b = ranges[i];
        int64_t count = at(r, i);
        bool upper = i == 0 || (d.func == AggFunc::Quantize && b.max < 0);
        sum += static_cast<long double>(upper ? b.max : b.min) * count;
        std::optional<int64_t> le;
        if (b.max != INT64_MAX) le = b.max;
        s.buckets.push_back({le, count});
    }
    if (std::fabs(sum) < 9007199254740992.0L) s.sum = static_cast<int64_t>(sum);
    else s.sum = static_cast<double>(sum);
}

output::PromSample sample_of(const AggRow& r, const codegen::AggDesc& d, const output::FormatContext& ctx) {
    output::PromSample s;
    for (const output::Value& k : agg_key_values(r, d, ctx)) s.labels.push_back(output::prometheus_label_value(k));
    switch (d.func) {
        case AggFunc::Avg: {
            int64_t count = at(r, 0);
            s.value = count ? static_cast<double>(static_cast<long double>(at(r, 1)) / count) : 0.0;
            break;
        }
        case AggFunc::Stddev: s.value = stddev_of(r); break;
        case AggFunc::Quantize:
        case AggFunc::Lquantize:
        case AggFunc::Llquantize: histogram_sample(r, d, s); break;
        default: s.value = at(r, 0); break;
    }
    return s;
}

}  // namespace

std::optional<MetricLabels> metric_labels(const codegen::ProgramSet& ps, const std::vector<std::string>& promlabels,
                                          std::string* error) {
    MetricLabels labels;
    for (const std::string& item : promlabels) {
        size_t eq = item.find('=');
        std::string agg = item.substr(0, eq);
        if (!agg.starts_with("@")) agg = "@" + agg;
        if (agg == "@") agg = "@_";
        const codegen::AggDesc* desc = nullptr;
        for (const auto& d : ps.aggregations)
            if (d.name == agg) desc = &d;
        if (eq == std::string::npos || !desc) {
            *error = "-x promlabels=" + item + ": " +
                     (eq == std::string::npos ? std::string("expected @aggregation=label[,label...]")
                                              : agg + " is not an aggregation of the program");
            return std::nullopt;
        }
        std::vector<std::string> names;
        std::string rest = item.substr(eq + 1);
        for (size_t b = 0;;) {
            size_t c = rest.find(',', b);
            names.push_back(rest.substr(b, c == std::string::npos ? std::string::npos : c - b));
            if (c == std::string::npos) break;
            b = c + 1;
        }
        std::set<std::string> seen;
        for (const std::string& n : names) {
            bool reserved = n == "le" && type_of(desc->func) == output::PromType::Histogram;
            if (!output::prometheus_label_name_ok(n) || reserved || !seen.insert(n).second) {
                *error = "-x promlabels=" + item + ": \"" + n + "\" is not a label name " +
                         (reserved ? "a histogram may use (le is Prometheus' own)"
                                   : "Prometheus accepts here ([a-zA-Z_][a-zA-Z0-9_]*, not __, each once)");
                return std::nullopt;
            }
        }
        if (names.size() > desc->keys.size()) {
            *error = "-x promlabels=" + item + ": " + agg + " has " + std::to_string(desc->keys.size()) + " key" +
                     (desc->keys.size() == 1 ? "" : "s");
            return std::nullopt;
        }
        labels[agg] = std::move(names);
    }
    // Every series name once: an aggregation may not take the consumer's counters' names, nor
    // the _bucket/_sum/_count series of a histogram.
    std::map<std::string, std::string> owner;
    for (const output::PromFamily& f : consumer_families({}))
        for (const std::string& s : output::prometheus_series_names(f)) owner[s] = "bdtrace's own counter " + f.name;
    for (const auto& d : ps.aggregations) {
        output::PromFamily f = family_of(d, labels);
        for (const std::string& s : output::prometheus_series_names(f)) {
            auto [it, fresh] = owner.emplace(s, "aggregation " + d.name);
            if (!fresh) {
                *error = "aggregation " + d.name + " would be exported as " + s + ", which " + it->second +
                         " exports too; rename the aggregation";
                return std::nullopt;
            }
        }
    }
    return labels;
}

std::vector<output::PromFamily> metric_families(const std::vector<AggRow>& snapshot_rows,
                                                const codegen::ProgramSet& ps, const MetricLabels& labels,
                                                const ConsumerCounters& counters, const output::FormatContext& ctx) {
    std::vector<AggRow> merged;
    const std::vector<AggRow>& rows = merge_user_keys(snapshot_rows, ps, ctx, merged);
    std::vector<std::vector<const AggRow*>> by_agg(ps.aggregations.size());
    for (const AggRow& r : rows)
        if (r.agg >= 1 && r.agg <= ps.aggregations.size()) by_agg[r.agg - 1].push_back(&r);
    std::vector<output::PromFamily> out;
    for (size_t i = 0; i < ps.aggregations.size(); ++i) {
        const codegen::AggDesc& d = ps.aggregations[i];
        output::PromFamily f = family_of(d, labels);
        auto& mine = by_agg[i];
        std::sort(mine.begin(), mine.end(),
                  [&](const AggRow* a, const AggRow* b) { return compare_keys(*a, *b, d, 0) < 0; });
        for (const AggRow* r : mine) f.samples.push_back(sample_of(*r, d, ctx));
        out.push_back(std::move(f));
    }
    for (auto& f : consumer_families(counters)) out.push_back(std::move(f));
    return out;
}

}  // namespace bdtrace::runtime
