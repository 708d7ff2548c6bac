#include "output/agg_pack.h"

#include <cstring>
#include <limits>

#include "output/cformat.h"
#include "output/trace_format.h"

namespace bdtrace::output {

namespace {

// The UTF-8 bytes of a code point of the Basic Multilingual Plane above U+07FF.
std::string utf8_of(unsigned cp) {
    std::string s;
    s += static_cast<char>(0xe0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
    s += static_cast<char>(0x80 | (cp & 0x3f));
    return s;
}

// "\n" KEY " " MIN " ." dashes ". " MAX " | count\n" (see the header comment).
std::string packed_header(int key_width, int min_width, int max_width, int cells) {
    std::string out = "\n";
    out += cformat(std::string("%*s"), key_width, key_width > 0 ? "key" : "");
    out += cformat(std::string(" %*s ."), min_width, "min");
    out.append(static_cast<size_t>(cells), '-');
    out += cformat(std::string(". %*s | count\n"), -max_width, "max");
    return out;
}

std::string cells(std::span<const int64_t> counts, const HistogramStyle& style) {
    long double total = histogram_total(counts, style.zoom);
    std::string out;
    for (int64_t c : counts) out += packed_cell(c, total, style.utf8);
    return out;
}

// The row's COUNT: DTrace adds the counts up in a long double and prints it as a long long.
long long row_count(std::span<const int64_t> counts) {
    long double sum = 0;
    for (int64_t c : counts) sum += static_cast<long double>(c);
    return static_cast<long long>(sum);
}

}  // namespace

// ---- the shared bucket range -------------------------------------------------------------

void QuantizePackRange::add(std::span<const int64_t> b) {
    int lo = -1, hi = -1;
    for (size_t i = 0; i < b.size(); ++i) {
        if (b[i] == 0) continue;
        if (lo < 0) lo = static_cast<int>(i);
        hi = static_cast<int>(i);
    }
    if (lo < 0)
        lo = hi = formats::kQuantizeZeroBucket;  // no data: the zero bucket stands for the row
    if (min_bin_ < 0 || lo < min_bin_) min_bin_ = lo;
    if (max_bin_ < 0 || hi > max_bin_) max_bin_ = hi;
}

int QuantizePackRange::first_bucket() const {
    int min = min_bin_ < 0 ? formats::kQuantizeZeroBucket : min_bin_;
    if (min != 0 && min != formats::kQuantizeZeroBucket) --min;
    return min;
}

int QuantizePackRange::last_bucket() const {
    int max = max_bin_ < 0 ? formats::kQuantizeZeroBucket : max_bin_;
    if (max < formats::kQuantizeBuckets - 1) ++max;
    return max;
}

// ---- headers -----------------------------------------------------------------------------

int packed_ndigits(int64_t v) {
    int digits = 1;
    if (v < 0) {
        v = v == std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::max() : -v;
        ++digits;
    }
    // DTrace's loop stops when its power of ten overflows; stopping before the overflow is the
    // same count.
    for (int64_t cmp = 10; v > cmp; cmp *= 10) {
        ++digits;
        if (cmp > std::numeric_limits<int64_t>::max() / 10) break;
    }
    return digits < 4 ? 4 : digits;
}

int packed_key_width(std::span<const Value> keys) {
    int width = 0;
    for (const Value& k : keys) {
        int w = 16;
        if (k.kind == Value::Kind::Integer) {
            switch (k.size) {
                case 1:
                    w = 3;
                    break;
                case 2:
                    w = 5;
                    break;
                case 4:
                    w = 8;
                    break;
                default:
                    w = 16;
                    break;
            }
        }
        width += w + 1;
    }
    return width;
}

std::string quantize_packed_header(int key_width, const QuantizePackRange& range) {
    int first = range.first_bucket(), last = range.last_bucket();
    return packed_header(key_width, packed_ndigits(formats::quantize_bucket_value(first)),
                         packed_ndigits(formats::quantize_bucket_value(last)), last - first + 1);
}

std::string lquantize_packed_header(int key_width, const formats::LquantizeParams& p) {
    // DTrace counts its dashes from bucket 1 to levels + 2: levels + 2 of them, one per bucket.
    return packed_header(key_width, 7, 8, formats::lquantize_nbuckets(p));
}

// ---- cells and rows ----------------------------------------------------------------------

std::string packed_cell(int64_t count, long double total, bool utf8) {
    if (count == 0) return " ";
    long double datum = static_cast<long double>(count);
    if (count < 0) {
        static constexpr char kNegative[] = "vvvvVV";
        long double v = -datum * (sizeof kNegative - 2) / total;
        return std::string(1, kNegative[static_cast<unsigned>(v + 0.5L)]);
    }
    if (utf8) {
        constexpr unsigned kBase = 0x2581;  // LOWER ONE EIGHTH BLOCK, up to U+2588 FULL BLOCK
        return utf8_of(kBase + static_cast<unsigned>(datum * 7 / total + 0.5L));
    }
    static constexpr char kAscii[] = "__xxxxXX";
    long double v = datum * (sizeof kAscii - 2) / total;
    return std::string(1, kAscii[static_cast<unsigned>(v + 0.5L)]);
}

std::string format_quantize_packed(std::span<const int64_t> b, const QuantizePackRange& range,
                                   const HistogramStyle& style) {
    if (b.size() != static_cast<size_t>(formats::kQuantizeBuckets)) return {};
    int first = range.first_bucket(), last = range.last_bucket();
    int64_t min_value = formats::quantize_bucket_value(first),
            max_value = formats::quantize_bucket_value(last);
    auto shown = b.subspan(static_cast<size_t>(first), static_cast<size_t>(last - first + 1));
    std::string out = cformat(std::string(" %*lld :"), packed_ndigits(min_value),
                              static_cast<long long>(min_value));
    out += cells(shown, style);
    out += cformat(std::string(": %*lld | %lld\n"), -packed_ndigits(max_value),
                   static_cast<long long>(max_value), row_count(shown));
    return out;
}

std::string format_lquantize_packed(const formats::LquantizeParams& p, std::span<const int64_t> b,
                                    const HistogramStyle& style) {
    if (p.levels == 0 || b.size() != static_cast<size_t>(formats::lquantize_nbuckets(p))) return {};
    std::string out = cformat(std::string("%8s :"), formats::lquantize_label(p, 0).c_str());
    out += cells(b, style);
    out += cformat(std::string(": %-8s | %lld\n"),
                   formats::lquantize_label(p, formats::lquantize_nbuckets(p) - 1).c_str(),
                   row_count(b));
    return out;
}

std::string format_packed_key(const Value& key, int stack_indent) {
    if (key.kind == Value::Kind::Bytes) return format_bytes(key.bytes, 16, false, false);
    return format_agg_key(key, stack_indent);
}

std::string format_packed_row(std::span<const Value> keys, std::string_view value,
                              int stack_indent) {
    std::string out;
    for (const Value& k : keys) out += format_packed_key(k, stack_indent);
    out += value;
    return out;
}

std::string format_quantize_packed_rows(std::span<const PackedRow> rows,
                                        const HistogramStyle& style, int stack_indent) {
    if (rows.empty()) return {};
    QuantizePackRange range;
    for (const PackedRow& r : rows) range.add(r.buckets);
    std::string out = quantize_packed_header(packed_key_width(rows.front().keys), range);
    for (const PackedRow& r : rows)
        out += format_packed_row(r.keys, format_quantize_packed(r.buckets, range, style),
                                 stack_indent);
    return out;
}

std::string format_lquantize_packed_rows(const formats::LquantizeParams& p,
                                         std::span<const PackedRow> rows,
                                         const HistogramStyle& style, int stack_indent) {
    if (rows.empty()) return {};
    std::string out = lquantize_packed_header(packed_key_width(rows.front().keys), p);
    for (const PackedRow& r : rows)
        out +=
            format_packed_row(r.keys, format_lquantize_packed(p, r.buckets, style), stack_indent);
    return out;
}

bool packed_utf8(std::optional<std::string_view> encoding, const char* term) {
    if (encoding) return *encoding == "utf8";
    if (term == nullptr) return true;
    return std::strcmp(term, "sun") != 0 && std::strcmp(term, "sun-color") != 0 &&
           std::strcmp(term, "dumb") != 0;
}

}  // namespace bdtrace::output
