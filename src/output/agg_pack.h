// -x aggpack: quantize() and lquantize() rows printed on one line each, as illumos/FreeBSD
// DTrace prints them (dt_consume.c: dt_print_quanthdr_packed, dt_print_quantize_packed,
// dt_print_lquantize_packed, dt_print_packed, dt_print_datum; dt_aggregate.c:
// dt_aggregate_minmaxbin).
//
// What DTrace does, and when:
//
// - Which aggregations: only quantize() and lquantize(). dt_aggregate_minmaxbin marks no other
//   aggregating function, so with aggpack set llquantize(), count(), sum()... print exactly as
//   without it (keys at their usual widths, llquantize as the classic block).
//
// - The header: printed before the first key of the first row of an aggregation, once per
//   printing pass (one printa(), or the end-of-run dump of all aggregations): DTrace remembers
//   the aggregation whose header it printed last and prints a header again whenever a row of
//   another aggregation comes. It reads
//       "\n" KEY " " MIN " ." DASHES ". " MAX " | count\n"
//   KEY is "key" right-aligned in the keys' width, or nothing at all when the aggregation has no
//   keys (then the line starts with the blank). The keys' width is the sum, over the key
//   fields, of the field's packed width plus one: 3, 5, 8 and 16 for 1-, 2-, 4- and 8-byte
//   integers and 16 for everything else (strings, stacks, symbols), i.e. 4/6/9/17 columns.
//   Quantize: MIN is "min" right-aligned in ndigits(label of the first printed bucket) and MAX
//   "max" left-aligned in ndigits(label of the last), where ndigits counts the digits (and a
//   minus sign) of a value but is never less than 4. Lquantize: MIN in 7, MAX in 8 columns.
//   DASHES is one '-' per printed bucket, so the dashes sit above the row's cells.
//
// - The printed buckets are shared by all rows of the aggregation. Quantize: from one below
//   the lowest non-zero bucket of any row to one above the highest (a row with no data counts
//   as having the zero bucket), except that the lower end is not widened below bucket 0 nor
//   below the zero bucket: when the lowest data is at value 0, no -1 cell is printed.
//   Lquantize: always every bucket, "< base" to ">= limit".
//
// - A row is the key fields, then (quantize) " " MINLABEL " :", MINLABEL right-aligned in
//   ndigits(its value) so that ':' sits under the header's '.'; (lquantize) "< base"
//   right-aligned in 8, then " :"; then one cell per printed bucket; then ": " MAXLABEL
//   (left-aligned in ndigits(its value), or ">= limit" left-aligned in 8) " | " COUNT "\n",
//   COUNT being the sum of the row's buckets (signed, not normalised: the packed form ignores
//   normalize()). There is no empty line after a packed row, unlike the classic block.
//   Key fields print as in the classic form except strings: right-aligned in 16 columns after
//   a blank (" %16s") instead of left-aligned in 50, so a key column lines up under "key".
//   Symbols (sym(), mod()...) keep their 50 columns although the header counted 16 for them.
//
// - A cell is one character for its bucket's count: a blank for 0; for a negative count
//   (negative increments) one of "vvvvVV" indexed by |count| * 5 / total rounded half up;
//   for a positive count, in ASCII, one of "__xxxxXX" indexed by count * 7 / total rounded
//   half up, in UTF-8 the block U+2581 + count * 7 / total rounded (U+2581 to U+2588, three
//   bytes each). total is the row's sum of |count| or, with aggzoom, its largest |count|
//   / 0.95 (histogram_total). Negative counts use "vvvvVV" in both encodings.
//
// - UTF-8 or ASCII: -x encoding=utf8 forces UTF-8, -x encoding=ascii ASCII; when the option
//   is not set DTrace uses UTF-8 unless $TERM is "sun", "sun-color" or "dumb"
//   (packed_utf8()). The classic bars stay '@' unless encoding=utf8 (not implemented here).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/agg_buckets.h"
#include "output/agg_format.h"
#include "output/value.h"

namespace bdtrace::output {

// The quantize() buckets a packed aggregation prints, widened over each of its rows (before
// DTrace's one-bucket margins: first_bucket()/last_bucket() add them).
class QuantizePackRange {
  public:
    void add(std::span<const int64_t> buckets);  // one row's 127 buckets
    int first_bucket() const;                    // the first printed bucket index
    int last_bucket() const;                     // the last printed bucket index
  private:
    int min_bin_ = -1, max_bin_ = -1;
};

// dt_ndigits: digits of |v|, one more for a minus sign, at least 4. Like DTrace it counts an
// exact power of ten (10, 100, ...) one digit short; power-of-two labels never hit that.
int packed_ndigits(int64_t v);

// The header's key column: sum over the keys of their packed width + 1; 0 without keys.
int packed_key_width(std::span<const Value> keys);

std::string quantize_packed_header(int key_width, const QuantizePackRange& range);
std::string lquantize_packed_header(int key_width, const formats::LquantizeParams& p);

// One cell (dt_print_packed).
std::string packed_cell(int64_t count, long double total, bool utf8);

// The value part of a row: from the blank or label before ':' to the "\n".
std::string format_quantize_packed(std::span<const int64_t> buckets, const QuantizePackRange& range,
                                   const HistogramStyle& style = {});
std::string format_lquantize_packed(const formats::LquantizeParams& p,
                                    std::span<const int64_t> buckets,
                                    const HistogramStyle& style = {});

// A key field of a packed row.
std::string format_packed_key(const Value& key, int stack_indent = 14);
// A whole row: the packed key fields, then the value (which ends with its own "\n").
std::string format_packed_row(std::span<const Value> keys, std::string_view value,
                              int stack_indent = 14);

// A whole packed aggregation, header and rows in the given (already sorted) order.
struct PackedRow {
    std::vector<Value> keys;
    std::vector<int64_t> buckets;
};
std::string format_quantize_packed_rows(std::span<const PackedRow> rows,
                                        const HistogramStyle& style = {}, int stack_indent = 14);
std::string format_lquantize_packed_rows(const formats::LquantizeParams& p,
                                         std::span<const PackedRow> rows,
                                         const HistogramStyle& style = {}, int stack_indent = 14);

// Whether packed cells are UTF-8: |encoding| is the -x encoding value if set ("ascii" or
// "utf8"), |term| the TERM environment variable (null when unset).
bool packed_utf8(std::optional<std::string_view> encoding, const char* term);

}  // namespace bdtrace::output
