// Structured output for -x oformat=json: one JSON object per line (NDJSON) for each probe
// firing and each printed aggregation, with the key names of FreeBSD's libxo output where
// FreeBSD has one ("timestamp", "cpu", "id", "provider", "module", "function", "name",
// "output", "value", "message", "aggregation-name", "aggregation-data", "keys", "buckets",
// "count"). The format is written down in docs/json-output.md.
//
// The lines are built with nlohmann::json (Debian's nlohmann-json3-dev), which keeps keys in
// insertion order, holds signed and unsigned 64-bit integers exactly, escapes '"', '\' and
// control characters, and replaces bytes that are not UTF-8 with U+FFFD. Only this file's .cpp
// includes it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/agg_buckets.h"
#include "output/value.h"

namespace bdtrace::output {

// One record of a firing, in the clause's order.
struct JsonRecord {
    enum class Kind {
        Trace,   // trace(), stack(), ustack(), sym(), mod()...: value
        Printf,  // printf(): the formatted text in message
        Printa,  // printa(): the aggregation is printed as its own line; the record names it
    };
    Kind kind = Kind::Trace;
    Value value;
    std::string message;  // Printf: the text; Printa: the aggregation's name

    static JsonRecord trace(Value v) { return {Kind::Trace, std::move(v), {}}; }
    static JsonRecord printf(std::string text) { return {Kind::Printf, {}, std::move(text)}; }
    static JsonRecord printa(std::string aggregation) {
        return {Kind::Printa, {}, std::move(aggregation)};
    }
};

struct JsonFiring {
    std::optional<uint64_t> timestamp;  // nanoseconds, when the runtime has it
    int cpu = 0;
    uint32_t id = 0;  // the probe id
    std::string provider, module, function, name;
    std::vector<JsonRecord> records;
};

// {"type":"probe","timestamp":...,"cpu":0,"id":1,"provider":"dtrace","module":"",
//  "function":"","name":"BEGIN","output":[{"value":1},{"message":"hi\n"}]}
std::string json_probe_line(const JsonFiring& firing);

// An aggregation's value for one key, already merged across CPUs.
struct JsonBucket {
    // The label DTrace prints for the bucket: a number, or for the open-ended buckets of
    // lquantize()/llquantize() the text ("< 0", ">= 100").
    std::optional<int64_t> value;
    std::string label;
    int64_t count = 0;
};

struct JsonAggValue {
    enum class Kind { Signed, Unsigned, Buckets };
    Kind kind = Kind::Signed;
    int64_t i = 0;
    uint64_t u = 0;
    std::vector<JsonBucket> buckets;
};

// The numbers DTrace prints, from the raw data: count/sum/min/max (value / normal with
// DTrace's unsigned division), avg, stddev, and the histograms' buckets: every bucket with a
// non-zero count, plus the first and last bucket of the window the text form prints (one
// bucket beyond the data on each side, or the fixed window when there is no data). Counts are
// divided by |normal| as the text form divides them.
JsonAggValue json_agg_scalar(int64_t value, uint64_t normal = 1);
JsonAggValue json_agg_avg(uint64_t count, int64_t sum, uint64_t normal = 1);
JsonAggValue json_agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                             uint64_t normal = 1);
JsonAggValue json_agg_quantize(std::span<const int64_t> buckets, uint64_t normal = 1);
JsonAggValue json_agg_lquantize(const formats::LquantizeParams& p, std::span<const int64_t> buckets,
                                uint64_t normal = 1);
JsonAggValue json_agg_llquantize(const formats::LlquantizeParams& p,
                                 std::span<const int64_t> buckets, uint64_t normal = 1);

struct JsonAggRow {
    std::vector<Value> keys;
    JsonAggValue value;
};

// {"type":"aggregation","aggregation-name":"a","aggregation-data":[{"keys":["bash"],
//  "value":12},...]}; histogram rows carry "buckets":[{"value":1,"count":2},...] instead of
// "value". Rows in the given (already sorted) order. |name| without the '@'.
std::string json_aggregation_line(std::string_view name, std::span<const JsonAggRow> rows);

// The JSON text of one value, as it appears in "keys" and as the "value" of trace records:
// integers as numbers (signed or unsigned as the D type is), floats as numbers, D strings up
// to their first NUL as strings, other byte records as strings when DTrace would print them as
// text (printable bytes, then nothing but NULs) and else as {"bytes":"<hex digits>"}, symbols
// and verbatim text as strings, stacks as arrays of frame strings.
std::string json_value(const Value& v);

// A JSON string literal for arbitrary bytes (the escaping every line uses).
std::string json_string(std::string_view bytes);

}  // namespace bdtrace::output
