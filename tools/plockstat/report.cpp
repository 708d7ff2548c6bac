// The layout is Solaris plockstat's (usr/src/cmd/plockstat): a section title between blank
// lines; then, without -s, the legend "%5s %8s %-28s %s" (Count, nsec, Lock, Caller) and a
// rule of 79 dashes, and one "%5llu %8llu %-28s %s" line per lock and call site (how many
// events, their mean in nanoseconds, the lock, the caller); with -s, each row gets the rule and
// legend above it, and below it the "nsec ---- Time Distribution --- count Stack" header and
// the power-of-two histogram beside the stack. Rows are the hottest first (by total time), at
// most -n of them per section. The caller is the first frame after the lock function that is
// not in the C library.
#include "report.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace plockstat {

namespace {

struct Section {
    const char* title;
    const char* agg;  // null: an event glibc does not let us see (adaptive spinning)
    bool hold;
};

constexpr Section kSections[] = {
    {"Mutex hold", "@mtx_hold", true},
    {"R/W reader hold", "@rw_r_hold", true},
    {"R/W writer hold", "@rw_w_hold", true},
    {"Mutex block", "@mtx_block", false},
    {"Mutex spin", nullptr, false},
    {"Mutex unsuccessful spin", nullptr, false},
    {"R/W reader block", "@rw_r_block", false},
    {"R/W writer block", "@rw_w_block", false},
};

struct Row {
    uint64_t lock = 0;
    std::vector<std::string> frames;
    int64_t sum = 0;
    uint64_t count = 0;
    const bdtrace::AggregationValue* hist = nullptr;
};

std::string fmt(const char* f, auto... args) {
    char buf[512];
    std::snprintf(buf, sizeof buf, f, args...);
    return buf;
}

const bdtrace::Aggregation* find(const std::vector<bdtrace::Aggregation>& aggs, const std::string& name) {
    for (const auto& a : aggs)
        if (a.name == name) return &a;
    return nullptr;
}

// The entries of @agg joined with @agg_count and @agg_hist on their keys.
std::vector<Row> rows_of(const std::vector<bdtrace::Aggregation>& aggs, const std::string& agg) {
    std::map<std::pair<uint64_t, std::vector<std::string>>, Row> by_key;
    auto each = [&](const std::string& name, auto&& apply) {
        if (const bdtrace::Aggregation* a = find(aggs, name))
            for (const auto& e : a->entries) {
                if (e.keys.size() != 2) continue;
                Row& r = by_key[{e.keys[0].integer, e.keys[1].frames}];
                r.lock = e.keys[0].integer;
                r.frames = e.keys[1].frames;
                apply(r, e.value);
            }
    };
    each(agg, [](Row& r, const bdtrace::AggregationValue& v) { r.sum = v.value; });
    each(agg + "_count", [](Row& r, const bdtrace::AggregationValue& v) { r.count = static_cast<uint64_t>(v.value); });
    each(agg + "_hist", [](Row& r, const bdtrace::AggregationValue& v) { r.hist = &v; });
    std::vector<Row> rows;
    for (auto& [key, r] : by_key)
        if (r.count) rows.push_back(std::move(r));
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (a.sum != b.sum) return a.sum > b.sum;
        if (a.count != b.count) return a.count > b.count;
        return a.lock > b.lock;
    });
    return rows;
}

bool in_c_library(const std::string& frame) {
    size_t tick = frame.find('`');
    if (tick == std::string::npos) return false;
    std::string module = frame.substr(0, tick);
    return module.rfind("libc.so", 0) == 0 || module.rfind("libc-", 0) == 0 || module.rfind("libpthread", 0) == 0;
}

std::string caller_of(const std::vector<std::string>& frames) {
    if (frames.empty()) return "";
    size_t last = std::min<size_t>(frames.size() - 1, 4);
    for (size_t i = 1; i <= last; ++i)
        if (!in_c_library(frames[i])) return frames[i];
    return frames[last];
}

std::string legend() { return fmt("%5s %8s %-28s %s\n", "Count", "nsec", "Lock", "Caller"); }
std::string rule() { return std::string(79, '-') + "\n"; }

std::string histogram(const Row& r, uint64_t depth) {
    std::string out = fmt("\n%10s ---- Time Distribution --- %5s %s\n", "nsec", "count", "Stack");
    constexpr size_t kZero = 63;  // quantize()'s bucket of 0
    const auto& b = r.hist->buckets;
    size_t first = kZero, last = b.size() ? b.size() - 1 : 0;
    while (first < b.size() && b[first].count == 0) ++first;
    while (last > first && b[last].count == 0) --last;
    bool quant_done = first >= b.size(), stack_done = r.frames.size() < 2;
    uint64_t total = 0;
    for (size_t i = kZero; i < b.size(); ++i) total += static_cast<uint64_t>(b[i].count);
    for (size_t i = 0; !stack_done || !quant_done; ++i) {
        std::string frame = stack_done ? "" : r.frames[i + 1];
        if (!quant_done) {
            auto count = static_cast<uint64_t>(b[first].count);
            int bar = total ? static_cast<int>(24.0 * static_cast<double>(count) / static_cast<double>(total)) : 0;
            out += fmt("%10llu |%-24.*s| %5llu %s\n", 1ULL << (first - kZero), bar, "@@@@@@@@@@@@@@@@@@@@@@@@@@",
                       static_cast<unsigned long long>(count), frame.c_str());
        } else {
            out += fmt("%43s %s\n", "", frame.c_str());
        }
        if (i + 1 >= depth || i + 2 >= r.frames.size()) stack_done = true;
        if (first++ == last) quant_done = true;
    }
    return out;
}

}  // namespace

std::string report(const std::vector<bdtrace::Aggregation>& aggs, const ReportOptions& o, const AddressNamer& name) {
    std::string out;
    for (const Section& s : kSections) {
        if (!s.agg || (s.hold ? !o.hold : !o.contention)) continue;
        std::vector<Row> rows = rows_of(aggs, s.agg);
        if (rows.empty()) continue;
        out += fmt("\n%s\n\n", s.title);
        if (!o.histograms) out += legend() + rule();
        uint64_t n = 0;
        for (const Row& r : rows) {
            if (n++ >= o.max_entries) break;
            if (o.histograms) out += rule() + legend();
            out += fmt("%5llu %8llu ", static_cast<unsigned long long>(r.count),
                       static_cast<unsigned long long>(static_cast<uint64_t>(r.sum) / r.count));
            out += fmt("%-28s ", name(r.lock).c_str());
            out += caller_of(r.frames) + "\n";
            if (o.histograms && r.hist) out += histogram(r, o.stack_depth);
        }
    }
    return out;
}

}  // namespace plockstat
