#include "output/json.h"

#include <nlohmann/json.hpp>

#include "output/agg_format.h"

namespace bdtrace::output {

namespace {

// Ordered: keys come out in the order they are set, as the format documents them.
using Json = nlohmann::ordered_json;

std::string dump(const Json& j) {
    // Compact (one line), UTF-8 kept as it is, invalid bytes replaced by U+FFFD.
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// dt_print_bytes's test for text: printable (isprint/isspace in the C locale, backspace, bell;
// no byte with the high bit set), then nothing but NULs after the first NUL, which may not be
// the first byte.
bool prints_as_text(std::string_view b) {
    size_t i = 0;
    for (; i < b.size(); ++i) {
        auto u = static_cast<unsigned char>(b[i]);
        bool printable = u < 0x80 && ((u >= 0x20 && u < 0x7f) || (u >= '\t' && u <= '\r') ||
                                      u == '\b' || u == '\a');
        if (printable) continue;
        if (u != 0 || i == 0) return false;
        for (size_t j = i + 1; j < b.size(); ++j)
            if (b[j] != '\0') return false;
        return true;
    }
    return true;
}

std::string hex_of(std::string_view b) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (char c : b) {
        auto u = static_cast<unsigned char>(c);
        out += kDigits[u >> 4];
        out += kDigits[u & 0xf];
    }
    return out;
}

Json to_json(const Value& v) {
    switch (v.kind) {
        case Value::Kind::Integer:
            if (v.is_signed) return Json(v.as_signed());
            return Json(v.as_unsigned());
        case Value::Kind::Float:
            return Json(static_cast<double>(v.fp));
        case Value::Kind::Bytes: {
            std::string_view b = v.bytes;
            if (v.is_string || prints_as_text(b))
                return Json(std::string(b.substr(0, b.find('\0'))));
            Json o = Json::object();
            o["bytes"] = hex_of(b);
            return o;
        }
        case Value::Kind::Stack: {
            Json a = Json::array();
            for (const std::string& f : v.frames) a.push_back(f);
            return a;
        }
        case Value::Kind::Symbol:
        case Value::Kind::Verbatim:
            return Json(v.text);
    }
    return Json();
}

Json record_json(const JsonRecord& r) {
    Json o = Json::object();
    switch (r.kind) {
        case JsonRecord::Kind::Trace:
            o["value"] = to_json(r.value);
            break;
        case JsonRecord::Kind::Printf:
            o["message"] = r.message;
            break;
        case JsonRecord::Kind::Printa:
            o["aggregation-name"] = r.message;
            break;
    }
    return o;
}

// count / normal as the text form prints it: unsigned division, the quotient read as signed.
int64_t normalised(int64_t v, uint64_t normal) {
    if (normal == 0) normal = 1;
    return static_cast<int64_t>(static_cast<uint64_t>(v) / normal);
}

// The buckets of the window the text form prints (agg_format.cpp's window: one bucket before
// the first non-zero one to one after the last, or [empty_first, empty_last] without data),
// keeping the two ends and every non-zero bucket.
template <typename LabelFn>
JsonAggValue buckets_of(std::span<const int64_t> b, size_t empty_first, size_t empty_last,
                        uint64_t normal, LabelFn label) {
    JsonAggValue out;
    out.kind = JsonAggValue::Kind::Buckets;
    if (b.empty()) return out;
    size_t first = 0;
    while (first < b.size() && b[first] == 0) ++first;
    size_t last;
    if (first == b.size()) {
        first = empty_first;
        last = empty_last;
    } else {
        if (first > 0) --first;
        last = b.size() - 1;
        while (last > 0 && b[last] == 0) --last;
        if (last < b.size() - 1) ++last;
    }
    for (size_t i = first; i <= last && i < b.size(); ++i) {
        if (b[i] == 0 && i != first && i != last) continue;
        JsonBucket bucket = label(i);
        bucket.count = normalised(b[i], normal);
        out.buckets.push_back(std::move(bucket));
    }
    return out;
}

JsonAggValue no_buckets() {
    JsonAggValue v;
    v.kind = JsonAggValue::Kind::Buckets;
    return v;
}

JsonBucket numeric(int64_t v) {
    return {v, {}, 0};
}
JsonBucket textual(std::string s) {
    return {std::nullopt, std::move(s), 0};
}

void add_agg_value(const JsonAggValue& v, Json& row) {
    switch (v.kind) {
        case JsonAggValue::Kind::Signed:
            row["value"] = v.i;
            break;
        case JsonAggValue::Kind::Unsigned:
            row["value"] = v.u;
            break;
        case JsonAggValue::Kind::Buckets: {
            Json a = Json::array();
            for (const JsonBucket& b : v.buckets) {
                Json o = Json::object();
                if (b.value)
                    o["value"] = *b.value;
                else
                    o["value"] = b.label;
                o["count"] = b.count;
                a.push_back(std::move(o));
            }
            row["buckets"] = std::move(a);
            break;
        }
    }
}

}  // namespace

// ---- values and probe lines --------------------------------------------------------------

std::string json_value(const Value& v) {
    return dump(to_json(v));
}

std::string json_string(std::string_view bytes) {
    return dump(Json(std::string(bytes)));
}

std::string json_probe_line(const JsonFiring& f) {
    Json o = Json::object();
    o["type"] = "probe";
    if (f.timestamp) o["timestamp"] = *f.timestamp;
    o["cpu"] = f.cpu;
    o["id"] = f.id;
    o["provider"] = f.provider;
    o["module"] = f.module;
    o["function"] = f.function;
    o["name"] = f.name;
    Json output = Json::array();
    for (const JsonRecord& r : f.records) output.push_back(record_json(r));
    o["output"] = std::move(output);
    return dump(o);
}

// ---- aggregations ------------------------------------------------------------------------

JsonAggValue json_agg_scalar(int64_t value, uint64_t normal) {
    JsonAggValue v;
    v.i = normalised(value, normal);
    return v;
}

JsonAggValue json_agg_avg(uint64_t count, int64_t sum, uint64_t normal) {
    JsonAggValue v;
    if (count != 0) {
        auto n = static_cast<int64_t>(normal == 0 ? 1 : normal);
        v.i = sum / n / static_cast<int64_t>(count);
    }
    return v;
}

JsonAggValue json_agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                             uint64_t normal) {
    JsonAggValue v;
    v.kind = JsonAggValue::Kind::Unsigned;
    v.u = agg_stddev(count, sum, sumsq_lo, sumsq_hi, normal);
    return v;
}

JsonAggValue json_agg_quantize(std::span<const int64_t> b, uint64_t normal) {
    if (b.size() != static_cast<size_t>(formats::kQuantizeBuckets)) return no_buckets();
    return buckets_of(
        b, formats::kQuantizeZeroBucket - 1, formats::kQuantizeZeroBucket + 1, normal,
        [](size_t i) { return numeric(formats::quantize_bucket_value(static_cast<int>(i))); });
}

JsonAggValue json_agg_lquantize(const formats::LquantizeParams& p, std::span<const int64_t> b,
                                uint64_t normal) {
    if (p.levels == 0 || b.size() != static_cast<size_t>(formats::lquantize_nbuckets(p)))
        return no_buckets();
    return buckets_of(b, 0, 2, normal, [&](size_t i) {
        int bucket = static_cast<int>(i);
        if (bucket == 0 || bucket == int{p.levels} + 1)
            return textual(formats::lquantize_label(p, bucket));
        return numeric(static_cast<int32_t>(p.base + (bucket - 1) * int{p.step}));
    });
}

JsonAggValue json_agg_llquantize(const formats::LlquantizeParams& p, std::span<const int64_t> b,
                                 uint64_t normal) {
    if (p.factor < 2 || p.low >= p.high || p.nsteps == 0 || p.factor > p.nsteps ||
        b.size() != static_cast<size_t>(formats::llquantize_nbuckets(p)))
        return no_buckets();
    std::vector<int64_t> bounds = formats::llquantize_bounds(p);
    return buckets_of(b, 0, 1, normal, [&](size_t i) {
        if (i == 0) return textual("< " + std::to_string(bounds.front()));
        if (i == bounds.size() - 1) return textual(">= " + std::to_string(bounds.back()));
        return numeric(bounds[i]);
    });
}

std::string json_aggregation_line(std::string_view name, std::span<const JsonAggRow> rows) {
    Json o = Json::object();
    o["type"] = "aggregation";
    o["aggregation-name"] = std::string(name);
    Json data = Json::array();
    for (const JsonAggRow& r : rows) {
        Json row = Json::object();
        Json keys = Json::array();
        for (const Value& k : r.keys) keys.push_back(to_json(k));
        row["keys"] = std::move(keys);
        add_agg_value(r.value, row);
        data.push_back(std::move(row));
    }
    o["aggregation-data"] = std::move(data);
    return dump(o);
}

}  // namespace bdtrace::output
