// -x oformat=json lines (docs/json-output.md): escaping, typed values, probe firings and
// aggregations, each line exact and each line parsed back as JSON.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agg_test_util.h"
#include "formats/agg_buckets.h"
#include "output/json.h"

using namespace bdtrace::output;
namespace formats = bdtrace::formats;
using namespace bdtrace::output::test;
using namespace std::string_literals;

namespace {

// Every line must be one valid JSON document with no newline in it.
void expect_json_line(const std::string& line) {
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    bool valid = nlohmann::json::accept(line);
    EXPECT_TRUE(valid) << line;
}

std::string agg(const char* name, std::vector<JsonAggRow> rows) {
    std::string line = json_aggregation_line(name, rows);
    expect_json_line(line);
    return line;
}

}  // namespace

// ---- strings -----------------------------------------------------------------------------

TEST(OutputJson, StringPlain) {
    EXPECT_EQ(json_string("hello"), "\"hello\"");
}

TEST(OutputJson, StringQuoteAndBackslash) {
    EXPECT_EQ(json_string("a\"b\\c/d"), R"("a\"b\\c/d")");
}

TEST(OutputJson, StringControlCharacters) {
    EXPECT_EQ(json_string("\n\t\r\b\f"), R"("\n\t\r\b\f")");
    EXPECT_EQ(json_string("\x01\x1f\x0b"), R"("\u0001\u001f\u000b")");
    EXPECT_EQ(json_string("a\0b"s), R"("a\u0000b")");
    EXPECT_EQ(json_string("\x7f"), "\"\x7f\"");  // DEL needs no escape in JSON
}

TEST(OutputJson, StringUtf8PassesThrough) {
    EXPECT_EQ(json_string("h\xc3\xa9llo \xe2\x96\x88 \xf0\x9f\x98\x80"),
              "\"h\xc3\xa9llo \xe2\x96\x88 \xf0\x9f\x98\x80\"");
}

TEST(OutputJson, StringInvalidUtf8BecomesReplacementCharacter) {
    const std::string fffd = "\xef\xbf\xbd";
    EXPECT_EQ(json_string("a\xff"
                          "b"),
              "\"a" + fffd + "b\"");
    EXPECT_EQ(json_string("\x80"), "\"" + fffd + "\"");
    // A lead byte cut short by an ASCII byte: the ASCII byte is kept.
    EXPECT_EQ(json_string("\xc3"
                          "A"),
              "\"" + fffd + "A\"");
    // A sequence cut short by the end of the string.
    EXPECT_EQ(json_string("ab\xe2\x96"), "\"ab" + fffd + "\"");
    // Overlong encodings and surrogates are not UTF-8 either.
    expect_json_line(json_string("\xc0\xaf"));
    expect_json_line(json_string("\xed\xa0\x80"));
}

// ---- values ------------------------------------------------------------------------------

TEST(OutputJson, Integers) {
    EXPECT_EQ(json_value(Value::i32(-5)), "-5");
    EXPECT_EQ(json_value(Value::i8(-1)), "-1");
    EXPECT_EQ(json_value(Value::u8(255)), "255");
    EXPECT_EQ(json_value(Value::u32(0xffffffffu)), "4294967295");
    EXPECT_EQ(json_value(Value::i32(-1)), "-1");
    EXPECT_EQ(json_value(Value::u64(std::numeric_limits<uint64_t>::max())), "18446744073709551615");
    EXPECT_EQ(json_value(Value::i64(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
    EXPECT_EQ(json_value(Value::pointer(0xffffffff81000000ull)), "18446744071578845184");
}

TEST(OutputJson, Floats) {
    EXPECT_EQ(json_value(Value::floating(1.5L, 8)), "1.5");
    EXPECT_EQ(json_value(Value::floating(-0.25L, 4)), "-0.25");
}

TEST(OutputJson, Strings) {
    EXPECT_EQ(json_value(Value::string("hello", 32)), "\"hello\"");
    EXPECT_EQ(json_value(Value::string("", 8)), "\"\"");
    EXPECT_EQ(json_value(Value::string("tab\there", 16)), R"("tab\there")");
}

TEST(OutputJson, ByteRecords) {
    // Text as DTrace would print it (printable, then only NULs): a string.
    EXPECT_EQ(json_value(Value::raw("abc\0\0"s)), "\"abc\"");
    EXPECT_EQ(json_value(Value::raw("abcd")), "\"abcd\"");
    // Anything else: the bytes in hex.
    EXPECT_EQ(json_value(Value::raw("\x01\x02\xff"s)), R"({"bytes":"0102ff"})");
    EXPECT_EQ(json_value(Value::raw("\0abc"s)), R"({"bytes":"00616263"})");
    EXPECT_EQ(json_value(Value::raw("ab\0c"s)), R"({"bytes":"61620063"})");
    EXPECT_EQ(json_value(Value::raw("caf\xc3\xa9"s)), R"({"bytes":"636166c3a9"})");
}

TEST(OutputJson, SymbolsStacksVerbatim) {
    EXPECT_EQ(json_value(Value::symbol("vmlinux`schedule")), R"("vmlinux`schedule")");
    EXPECT_EQ(json_value(Value::stack({"vmlinux`a+0x10", "vmlinux`b"})),
              R"(["vmlinux`a+0x10","vmlinux`b"])");
    EXPECT_EQ(json_value(Value::stack({})), "[]");
    EXPECT_EQ(json_value(Value::verbatim("x")), R"("x")");
}

// ---- probe firings -----------------------------------------------------------------------

TEST(OutputJson, ProbeLine) {
    JsonFiring f;
    f.timestamp = 123456789;
    f.cpu = 2;
    f.id = 1;
    f.provider = "dtrace";
    f.name = "BEGIN";
    f.records = {
        JsonRecord::trace(Value::i32(42)),
        JsonRecord::trace(Value::string("hello", 256)),
        JsonRecord::printf("pid 7 said \"hi\"\n"),
        JsonRecord::trace(Value::stack({"vmlinux`a+0x10", "vmlinux`b"})),
        JsonRecord::printa("a"),
    };
    std::string line = json_probe_line(f);
    EXPECT_EQ(line, R"({"type":"probe","timestamp":123456789,"cpu":2,"id":1,"provider":"dtrace",)"
                    R"("module":"","function":"","name":"BEGIN","output":[{"value":42},)"
                    R"({"value":"hello"},{"message":"pid 7 said \"hi\"\n"},)"
                    R"({"value":["vmlinux`a+0x10","vmlinux`b"]},{"aggregation-name":"a"}]})");
    expect_json_line(line);
}

TEST(OutputJson, ProbeLineWithoutTimestampOrRecords) {
    JsonFiring f;
    f.cpu = 0;
    f.id = 77031;
    f.provider = "syscall";
    f.module = "vmlinux";
    f.function = "read";
    f.name = "entry";
    EXPECT_EQ(json_probe_line(f),
              R"({"type":"probe","cpu":0,"id":77031,"provider":"syscall","module":"vmlinux",)"
              R"("function":"read","name":"entry","output":[]})");
}

TEST(OutputJson, ProbeLineEscapesEverything) {
    JsonFiring f;
    f.provider = "p";
    f.function = "f\x01";
    f.name = "n";
    f.records = {JsonRecord::printf("bad \xff byte\tand tab"),
                 JsonRecord::trace(Value::string("new\nline", 16))};
    std::string line = json_probe_line(f);
    EXPECT_EQ(line,
              "{\"type\":\"probe\",\"cpu\":0,\"id\":0,\"provider\":\"p\",\"module\":\"\","
              "\"function\":\"f\\u0001\",\"name\":\"n\",\"output\":[{\"message\":\"bad "
              "\xef\xbf\xbd byte\\tand tab\"},{\"value\":\"new\\nline\"}]}");
    expect_json_line(line);
}

// ---- aggregation values ------------------------------------------------------------------

TEST(OutputJson, ScalarValues) {
    EXPECT_EQ(json_agg_scalar(12).i, 12);
    EXPECT_EQ(json_agg_scalar(-7).i, -7);
    EXPECT_EQ(json_agg_scalar(1000, 10).i, 100);
    // DTrace divides by the normalisation factor unsigned, as the text form does.
    EXPECT_EQ(json_agg_scalar(-4, 2).i, std::numeric_limits<int64_t>::max() - 1);
    EXPECT_EQ(json_agg_avg(3, 10).i, 3);
    EXPECT_EQ(json_agg_avg(3, -10).i, -3);
    EXPECT_EQ(json_agg_avg(0, 0).i, 0);
    EXPECT_EQ(json_agg_avg(2, 1000, 10).i, 50);
    // Values 1 and 3: average 2, average of squares 5, deviation 1.
    JsonAggValue sd = json_agg_stddev(2, 4, 10, 0);
    EXPECT_EQ(sd.kind, JsonAggValue::Kind::Unsigned);
    EXPECT_EQ(sd.u, 1u);
}

TEST(OutputJson, CountAggregation) {
    EXPECT_EQ(agg("a", {{{Value::string("bash", 256)}, json_agg_scalar(12)},
                        {{Value::string("sshd", 256)}, json_agg_scalar(3)}}),
              R"({"type":"aggregation","aggregation-name":"a","aggregation-data":[)"
              R"({"keys":["bash"],"value":12},{"keys":["sshd"],"value":3}]})");
}

TEST(OutputJson, UnkeyedAndMultiKey) {
    EXPECT_EQ(agg("", {{{}, json_agg_scalar(5)}}),
              R"({"type":"aggregation","aggregation-name":"","aggregation-data":[)"
              R"({"keys":[],"value":5}]})");
    EXPECT_EQ(agg("x", {{{Value::i32(-1), Value::u64(7), Value::string("s", 8),
                          Value::stack({"vmlinux`f"}), Value::symbol("vmlinux`g")},
                         json_agg_stddev(2, 4, 10, 0)}}),
              R"({"type":"aggregation","aggregation-name":"x","aggregation-data":[)"
              R"({"keys":[-1,7,"s",["vmlinux`f"],"vmlinux`g"],"value":1}]})");
}

TEST(OutputJson, NoRows) {
    EXPECT_EQ(agg("a", {}),
              R"({"type":"aggregation","aggregation-name":"a","aggregation-data":[]})");
}

TEST(OutputJson, QuantizeBuckets) {
    // The text form prints 0 .. 8; all of them are either an end or non-zero.
    EXPECT_EQ(agg("q", {{{}, json_agg_quantize(quant({{1, 1}, {2, 2}, {4, 1}}))}}),
              R"({"type":"aggregation","aggregation-name":"q","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":0,"count":0},{"value":1,"count":1},)"
              R"({"value":2,"count":2},{"value":4,"count":1},{"value":8,"count":0}]}]})");
}

TEST(OutputJson, QuantizeSkipsInnerEmptyBuckets) {
    EXPECT_EQ(agg("q", {{{}, json_agg_quantize(quant({{1, 1}, {8, 1}, {-3, 4}}))}}),
              R"({"type":"aggregation","aggregation-name":"q","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":-4,"count":0},{"value":-2,"count":4},)"
              R"({"value":1,"count":1},{"value":8,"count":1},{"value":16,"count":0}]}]})");
}

TEST(OutputJson, QuantizeEmptyAndNormalized) {
    // No data: the text form prints -1, 0, 1; its ends are kept.
    auto empty = json_agg_quantize(std::vector<int64_t>(formats::kQuantizeBuckets, 0));
    ASSERT_EQ(empty.buckets.size(), 2u);
    EXPECT_EQ(empty.buckets[0].value, -1);
    EXPECT_EQ(empty.buckets[1].value, 1);
    auto norm = json_agg_quantize(quant({{1, 30}}), 10);
    ASSERT_EQ(norm.buckets.size(), 3u);
    EXPECT_EQ(norm.buckets[1].count, 3);
    EXPECT_TRUE(json_agg_quantize(std::vector<int64_t>(3, 0)).buckets.empty());
}

TEST(OutputJson, LquantizeBuckets) {
    auto p = lq(0, 10, 5);
    EXPECT_EQ(agg("l", {{{Value::i64(1)}, json_agg_lquantize(p, lquant(p, {{3, 2}, {12, 1}}))},
                        {{Value::i64(2)}, json_agg_lquantize(p, lquant(p, {{6, 1}}))}}),
              R"({"type":"aggregation","aggregation-name":"l","aggregation-data":[)"
              R"({"keys":[1],"buckets":[{"value":"< 0","count":0},{"value":0,"count":2},)"
              R"({"value":">= 10","count":1}]},)"
              R"({"keys":[2],"buckets":[{"value":0,"count":0},{"value":5,"count":1},)"
              R"({"value":">= 10","count":0}]}]})");
}

TEST(OutputJson, LquantizeNegativeBaseAndEmpty) {
    auto p = lq(-10, 10, 10);
    EXPECT_EQ(agg("l", {{{}, json_agg_lquantize(p, lquant(p, {{-20, 1}}))}}),
              R"({"type":"aggregation","aggregation-name":"l","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":"< -10","count":1},{"value":-10,"count":0}]}]})");
    // No data: the text form prints the first three buckets.
    EXPECT_EQ(agg("l", {{{}, json_agg_lquantize(p, lquant(p, {}))}}),
              R"({"type":"aggregation","aggregation-name":"l","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":"< -10","count":0},{"value":0,"count":0}]}]})");
}

TEST(OutputJson, LlquantizeBuckets) {
    auto p = llq(10, 0, 1, 10);
    EXPECT_EQ(agg("ll", {{{}, json_agg_llquantize(p, llquant(p, {{5, 5}, {50, 2}}))}}),
              R"({"type":"aggregation","aggregation-name":"ll","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":4,"count":0},{"value":5,"count":5},)"
              R"({"value":50,"count":2},{"value":60,"count":0}]}]})");
    EXPECT_EQ(agg("ll", {{{}, json_agg_llquantize(p, llquant(p, {{0, 1}, {1000, 3}}))}}),
              R"({"type":"aggregation","aggregation-name":"ll","aggregation-data":[{"keys":[],)"
              R"("buckets":[{"value":"< 1","count":1},{"value":">= 100","count":3}]}]})");
}
