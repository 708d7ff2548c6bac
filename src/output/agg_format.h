// Default (format-less) printing of aggregations: the key fields, the value of count(), sum(),
// min(), max(), avg() and stddev(), and the quantize()/lquantize()/llquantize() histograms
// (dt_consume.c: dt_print_datum, dt_print_aggs, dt_print_quantize, dt_print_lquantize,
// dt_print_llquantize, dt_print_quantline, illumos/FreeBSD flavour, ASCII encoding, no
// aggzoom/aggpack/agghist).
//
// One printed row is: every key field, then the value, then "\n" (format_agg_row). For a
// histogram the value is the whole block starting with "\n" and the header line, so a row ends
// with the last bucket line followed by an empty line. A format-less printa() emits one "\n"
// before the first row; at end of run rows of successive aggregations follow each other.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "output/agg_buckets.h"
#include "output/value.h"

namespace bdtrace::output {

// One key field. Integers: a blank and the value right-aligned in 3/5/8/16 columns by size,
// 1- and 2-byte values unsigned, 4- and 8-byte values signed. Byte records (strings, char
// arrays) as dt_print_bytes does with width -50 (two blanks and the text left-aligned in 50
// columns, or a hex dump for non-text). Symbols (sym/mod/usym/umod) two blanks and left-aligned
// 50. Stacks: a newline, then each frame indented |stack_indent| blanks on its own line.
std::string format_agg_key(const Value& key, int stack_indent = 14);

// count(), sum(), min(), max(): a blank and value/normal right-aligned in 16 columns. The
// division is unsigned as in DTrace (so a negative value with normal > 1 prints oddly).
std::string format_agg_scalar(int64_t value, uint64_t normal = 1);
// avg(): sum/normal/count with signed division, 0 when count is 0.
std::string format_agg_avg(uint64_t count, int64_t sum, uint64_t normal = 1);
// stddev() from its raw state: count, sum and the 128-bit sum of squares (lo, hi words).
uint64_t agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                    uint64_t normal = 1);
std::string format_agg_stddev(uint64_t count, int64_t sum, uint64_t sumsq_lo, uint64_t sumsq_hi,
                              uint64_t normal = 1);

// The histogram header: "\n", "value" right-aligned in 16, a blank, the 40-column
// "Distribution" rule right-aligned in 41, a blank, "count" left-aligned in 9, "\n".
std::string histogram_header();

// One bucket line after its label: the 40-column bar (or two 20-column halves around a
// centre '|' when the printed window has both positive and negative counts), a blank, the
// count/normal left-aligned in 9 columns, "\n". |total| is the sum of |count| over the window.
std::string histogram_bar(int64_t count, uint64_t normal, long double total, bool positives,
                          bool negatives);

// Whole histogram blocks (header and bucket lines, no trailing empty line: that is the row's
// "\n"). Only the buckets from one before the first non-zero to one after the last non-zero are
// printed; with no data quantize prints -1, 0, 1, lquantize its first three buckets and
// llquantize its first two. |buckets| must have 127 / levels+2 / llquantize_nbuckets entries;
// the functions return an empty string if it has not.
std::string format_quantize(std::span<const int64_t> buckets, uint64_t normal = 1);
std::string format_lquantize(const LquantizeParams& p, std::span<const int64_t> buckets,
                             uint64_t normal = 1);
std::string format_llquantize(const LlquantizeParams& p, std::span<const int64_t> buckets,
                              uint64_t normal = 1);

// A complete row: the key fields, the value text, "\n".
std::string format_agg_row(std::span<const Value> keys, std::string_view value,
                           int stack_indent = 14);

}  // namespace bdtrace::output
