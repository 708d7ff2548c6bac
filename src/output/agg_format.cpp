#include "output/agg_format.h"

#include <cstdio>
#include <vector>

#include "output/trace_format.h"

namespace bdtrace::output {

namespace {

__extension__ typedef unsigned __int128 u128;

constexpr int kBarWidth = 40;

std::string right16(const std::string& s) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%16s ", s.c_str());
    return buf;
}

std::string lld(long long v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld", v);
    return buf;
}

// DTrace divides the signed count by the unsigned normalisation factor, which makes the
// division unsigned; the quotient is then printed as signed.
long long normalised(int64_t v, uint64_t normal) {
    if (normal == 0) normal = 1;
    return static_cast<long long>(static_cast<uint64_t>(v) / normal);
}

long double magnitude(int64_t v) {
    long double x = static_cast<long double>(v);
    return x < 0 ? -x : x;
}

// The window of buckets to print: one before the first non-zero bucket to one after the last.
// With no data at all, [empty_first, empty_last].
struct Window {
    size_t first, last;
    long double total = 0;
    bool positives = false, negatives = false;
};

Window window_of(std::span<const int64_t> b, size_t empty_first, size_t empty_last, bool zoom) {
    Window w{0, b.size() - 1};
    size_t first = 0;
    while (first < b.size() && b[first] == 0) ++first;
    if (first == b.size()) {
        w.first = empty_first;
        w.last = empty_last;
    } else {
        w.first = first > 0 ? first - 1 : 0;
        size_t last = b.size() - 1;
        while (last > 0 && b[last] == 0) --last;
        w.last = last < b.size() - 1 ? last + 1 : last;
    }
    for (size_t i = w.first; i <= w.last; ++i) {
        w.positives |= b[i] > 0;
        w.negatives |= b[i] < 0;
    }
    w.total = histogram_total(b.subspan(w.first, w.last - w.first + 1), zoom);
    return w;
}

template <typename LabelFn>
std::string render(std::span<const int64_t> b, const Window& w, uint64_t normal, LabelFn label) {
    std::string out = histogram_header();
    for (size_t i = w.first; i <= w.last; ++i) {
        out += right16(label(i));
        out += histogram_bar(b[i], normal, w.total, w.positives, w.negatives);
    }
    return out;
}

u128 isqrt128(u128 n) {
    u128 result = 0;
    u128 bit = static_cast<u128>(1) << 126;
    while (bit > n) bit >>= 2;
    while (bit != 0) {
        if (n >= result + bit) {
            n -= result + bit;
            result = (result >> 1) + bit;
        } else {
            result >>= 1;
        }
        bit >>= 2;
    }
    return result;
}

}  // namespace

// ---- keys and scalar values --------------------------------------------------------------

std::string format_agg_key(const Value& key, int stack_indent) {
    char buf[64];
    switch (key.kind) {
        case Value::Kind::Integer:
            switch (key.size) {
                case 1:
                    std::snprintf(buf, sizeof buf, " %3d", static_cast<int>(key.bits & 0xff));
                    return buf;
                case 2:
                    std::snprintf(buf, sizeof buf, " %5d", static_cast<int>(key.bits & 0xffff));
                    return buf;
                case 4:
                    std::snprintf(buf, sizeof buf, " %8d",
                                  static_cast<int>(static_cast<int32_t>(key.bits & 0xffffffffu)));
                    return buf;
                default:
                    std::snprintf(buf, sizeof buf, " %16lld", static_cast<long long>(key.bits));
                    return buf;
            }
        case Value::Kind::Bytes:
            return format_bytes(key.bytes, -50, false, false);
        case Value::Kind::Symbol: {
            std::string s = "  " + key.text;
            if (key.text.size() < 50) s.append(50 - key.text.size(), ' ');
            return s;
        }
        case Value::Kind::Stack: {
            std::string s = "\n";
            for (const std::string& f : key.frames) {
                s.append(static_cast<size_t>(stack_indent < 0 ? 0 : stack_indent), ' ');
                s += f;
                s += '\n';
            }
            return s;
        }
        case Value::Kind::Float:
        case Value::Kind::Verbatim:
            break;
    }
    return key.text;
}

std::string format_agg_scalar(int64_t value, uint64_t normal) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " %16lld", normalised(value, normal));
    return buf;
}

std::string format_agg_avg(uint64_t count, int64_t sum, uint64_t normal) {
    long long v = 0;
    if (count != 0) {
        int64_t n = static_cast<int64_t>(normal == 0 ? 1 : normal);
        v = sum / n / static_cast<int64_t>(count);
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, " %16lld", v);
    return buf;
}

uint64_t agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                    uint64_t normal) {
    if (count == 0) return 0;
    if (normal == 0) normal = 1;
    u128 sq = (static_cast<u128>(sumsq_hi) << 64) | sumsq_lo;
    u128 avg_sq = sq / normal / normal / count;
    int64_t avg = sum / static_cast<int64_t>(normal) / static_cast<int64_t>(count);
    uint64_t a = avg < 0 ? 0 - static_cast<uint64_t>(avg) : static_cast<uint64_t>(avg);
    u128 diff = avg_sq - static_cast<u128>(a) * a;
    return static_cast<uint64_t>(isqrt128(diff));
}

std::string format_agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                              uint64_t normal) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " %16llu",
                  static_cast<unsigned long long>(
                      agg_stddev(count, sum, sumsq_lo, sumsq_hi, normal)));
    return buf;
}

// ---- histograms --------------------------------------------------------------------------

std::string histogram_header() {
    return "\n           value  ------------- Distribution ------------- count    \n";
}

long double histogram_total(std::span<const int64_t> counts, bool zoom) {
    // DTRACE_AGGZOOM_MAX is a double constant; its reciprocal is taken in double.
    constexpr double kZoomScale = 1 / 0.95;
    long double total = 0;
    for (int64_t c : counts) {
        long double v = magnitude(c);
        if (!zoom) {
            total += v;
            continue;
        }
        v *= kZoomScale;
        if (total < v) total = v;
    }
    return total;
}

std::string histogram_bar(int64_t count, uint64_t normal, long double total, bool positives,
                          bool negatives) {
    char num[32];
    std::snprintf(num, sizeof num, "%-9lld", normalised(count, normal));
    auto depth_of = [&](int len) -> size_t {
        if (total == 0) return 0;
        long double f = magnitude(count) * len / total;
        size_t d = static_cast<size_t>(static_cast<unsigned>(f + 0.5L));
        return d > static_cast<size_t>(len) ? static_cast<size_t>(len) : d;
    };
    std::string out;
    if (!negatives) {
        size_t d = positives ? depth_of(kBarWidth) : 0;
        out += '|';
        out.append(d, '@');
        out.append(kBarWidth - d, ' ');
        out += ' ';
    } else if (!positives) {
        size_t d = depth_of(kBarWidth);
        out.append(kBarWidth - d, ' ');
        out.append(d, '@');
        out += "| ";
    } else {
        constexpr size_t half = kBarWidth / 2;
        size_t d = depth_of(static_cast<int>(half));
        if (count <= 0) {
            out.append(half - d, ' ');
            out.append(d, '@');
            out += '|';
            out.append(half, ' ');
        } else {
            out.append(half, ' ');
            out += '|';
            out.append(d, '@');
            out.append(half - d, ' ');
        }
        out += ' ';
    }
    out += num;
    out += '\n';
    return out;
}

std::string format_quantize(std::span<const int64_t> b, uint64_t normal,
                            const HistogramStyle& style) {
    if (b.size() != static_cast<size_t>(formats::kQuantizeBuckets)) return {};
    Window w = window_of(b, formats::kQuantizeZeroBucket - 1, formats::kQuantizeZeroBucket + 1,
                         style.zoom);
    return render(b, w, normal, [](size_t i) {
        return lld(formats::quantize_bucket_value(static_cast<int>(i)));
    });
}

std::string format_lquantize(const formats::LquantizeParams& p, std::span<const int64_t> b,
                             uint64_t normal, const HistogramStyle& style) {
    if (p.levels == 0 || b.size() != static_cast<size_t>(formats::lquantize_nbuckets(p))) return {};
    Window w = window_of(b, 0, 2, style.zoom);
    return render(b, w, normal,
                  [&](size_t i) { return formats::lquantize_label(p, static_cast<int>(i)); });
}

std::string format_llquantize(const formats::LlquantizeParams& p, std::span<const int64_t> b,
                              uint64_t normal, const HistogramStyle& style) {
    if (p.factor < 2 || p.low >= p.high || p.nsteps == 0 || p.factor > p.nsteps) return {};
    std::vector<int64_t> bounds = formats::llquantize_bounds(p);
    // No overflow bucket when the top magnitude's successor does not fit (see agg_buckets.h).
    if (b.size() != static_cast<size_t>(formats::llquantize_nbuckets(p))) return {};
    Window w = window_of(b, 0, 1, style.zoom);
    return render(b, w, normal, [&](size_t i) {
        if (i == 0) return "< " + lld(bounds.front());
        if (i == bounds.size() - 1) return ">= " + lld(bounds.back());
        return lld(bounds[i]);
    });
}

std::string format_agg_row(std::span<const Value> keys, std::string_view value,
                           int stack_indent) {
    std::string out;
    for (const Value& k : keys) out += format_agg_key(k, stack_indent);
    out += value;
    out += '\n';
    return out;
}

}  // namespace bdtrace::output
