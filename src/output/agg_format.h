// Default (format-less) printing of aggregations: the key fields, the value of count(), sum(),
// min(), max(), avg() and stddev(), and the quantize()/lquantize()/llquantize() histograms
// (dt_consume.c: dt_print_datum, dt_print_aggs, dt_print_quantize, dt_print_lquantize,
// dt_print_llquantize, dt_print_quantline, illumos/FreeBSD flavour, ASCII encoding; aggzoom
// here, aggpack in agg_pack.h, no agghist).
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

#include "formats/agg_buckets.h"
#include "output/value.h"

namespace bdtrace::output {

// How histograms are drawn, from the options in force when they are printed.
struct HistogramStyle {
    // -x aggzoom: bars are scaled to the row's largest bucket, which gets 95% of the bar
    // (DTRACE_AGGZOOM_MAX: 38 of 40 columns, 19 of 20 for two-sided bars), instead of each
    // bar being its bucket's share of the row's total.
    bool zoom = false;
    // -x aggpack: quantize() and lquantize() rows print in the packed one-line form of
    // agg_pack.h; the functions of this file draw the classic block whatever this says
    // (llquantize() is never packed by DTrace).
    bool pack = false;
    // Packed rows only: the UTF-8 block characters instead of ASCII (see agg_pack.h for when
    // DTrace uses them).
    bool utf8 = false;
};

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
// count/normal left-aligned in 9 columns, "\n". |total| is the sum of |count| over the window,
// or with aggzoom histogram_total's largest |count| / 0.95.
std::string histogram_bar(int64_t count, uint64_t normal, long double total, bool positives,
                          bool negatives);

// dt_quantize_total: what the bars of a set of buckets are scaled against. Without zoom the
// sum of |count|; with zoom the largest |count| times 1/0.95 (computed in double, as DTrace's
// DTRACE_AGGZOOM_MAX constant is), so that the largest bar is 95% of the full length.
long double histogram_total(std::span<const int64_t> counts, bool zoom);

// Whole histogram blocks (header and bucket lines, no trailing empty line: that is the row's
// "\n"). Only the buckets from one before the first non-zero to one after the last non-zero are
// printed; with no data quantize prints -1, 0, 1, lquantize its first three buckets and
// llquantize its first two. |buckets| must have 127 / levels+2 / formats::llquantize_nbuckets
// entries; the functions return an empty string if it has not.
std::string format_quantize(std::span<const int64_t> buckets, uint64_t normal = 1,
                            const HistogramStyle& style = {});
std::string format_lquantize(const formats::LquantizeParams& p, std::span<const int64_t> buckets,
                             uint64_t normal = 1, const HistogramStyle& style = {});
std::string format_llquantize(const formats::LlquantizeParams& p, std::span<const int64_t> buckets,
                              uint64_t normal = 1, const HistogramStyle& style = {});

// A complete row: the key fields, the value text, "\n".
std::string format_agg_row(std::span<const Value> keys, std::string_view value,
                           int stack_indent = 14);

}  // namespace bdtrace::output
