// Bucket arithmetic of quantize(), lquantize() and llquantize(): which bucket a value falls
// into, what each bucket is labelled, and the compile-time parameter checks with DTrace's
// error text. Semantics follow illumos/FreeBSD DTrace (kernel dtrace.c aggregating functions,
// dt_cc.c parameter validation, dt_consume.c labels). Oracle's dtrace-utils 2.x extends
// llquantize() to negative values with different labels; that variant is not implemented here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bdtrace/diag_tag.h"

namespace bdtrace::formats {

// quantize(): 127 power-of-two buckets. Bucket 63 holds 0; bucket 63+k (k >= 1) holds
// [2^(k-1), 2^k); bucket 63-k holds (-2^k, -2^(k-1)]. Values at or below -2^62 land in
// bucket 0, values at or above 2^62 in bucket 126.
inline constexpr int kQuantizeBuckets = 127;
inline constexpr int kQuantizeZeroBucket = 63;

int quantize_bucket(int64_t value);
// The label printed for a bucket (0, ±1, ±2, ±4, ...); for negative buckets this is the
// bucket's upper (closest to zero) end, for positive ones its lower end.
int64_t quantize_bucket_value(int bucket);

// An error DTrace's compiler reports for bad aggregating-function parameters. |tag| is the
// D_* error tag; |message| is the text without the trailing newline.
struct AggParamError {
    Tag tag;
    std::string message;
};

// lquantize(expr, base, limit[, step]): bucket 0 is "< base", buckets 1..levels are linear
// steps, bucket levels+1 is ">= base + levels*step".
struct LquantizeParams {
    int32_t base = 0;
    uint16_t step = 1;
    uint16_t levels = 1;
};

// Validates the constant arguments as dt_cc.c does (first failing rule wins) and returns the
// packed parameters. |step| defaults to 1 when the argument is absent.
std::optional<AggParamError> check_lquantize(int64_t base, int64_t limit, int64_t step,
                                             LquantizeParams* out);
// The "doesn't match previous declaration" check for two uses of one aggregation.
std::optional<AggParamError> match_lquantize(const LquantizeParams& previous,
                                             const LquantizeParams& current);
int lquantize_nbuckets(const LquantizeParams& p);  // levels + 2
// The value is truncated to 32 bits first, as the kernel does.
int lquantize_bucket(const LquantizeParams& p, int64_t value);
std::string lquantize_label(const LquantizeParams& p, int bucket);

// llquantize(expr, factor, low, high, nsteps): bucket 0 is "< factor^low", then for each order
// of magnitude from low to high the linear steps within it, then ">= factor^(high+1)".
struct LlquantizeParams {
    uint16_t factor = 10;
    uint16_t low = 0;
    uint16_t high = 1;
    uint16_t nsteps = 10;
};

std::optional<AggParamError> check_llquantize(int64_t factor, int64_t low, int64_t high,
                                              int64_t nsteps, LlquantizeParams* out);
std::optional<AggParamError> match_llquantize(const LlquantizeParams& previous,
                                              const LlquantizeParams& current);
int llquantize_nbuckets(const LlquantizeParams& p);
int llquantize_bucket(const LlquantizeParams& p, int64_t value);
// Lower bound of each bucket except the first (index 0 of the result is factor^low, the bound
// of bucket 0's "<" label; the last entry is factor^(high+1), the overflow bucket's bound).
// When factor^(high+2) does not fit in int64 the kernel clamps instead (every value from
// factor^high up lands in the top magnitude's last bucket) and there is no overflow bucket: then
// the result has one entry more than llquantize_nbuckets().
std::vector<int64_t> llquantize_bounds(const LlquantizeParams& p);
std::string llquantize_label(const LlquantizeParams& p, int bucket);

}  // namespace bdtrace::formats
