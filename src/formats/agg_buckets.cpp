#include "formats/agg_buckets.h"

#include <cstdio>
#include <limits>

namespace bdtrace::formats {

namespace {

std::string int_text(long long v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld", v);
    return buf;
}

AggParamError err(Tag tag, std::string message) { return {tag, std::move(message)}; }

}  // namespace

// ---- quantize ----------------------------------------------------------------------------

int64_t quantize_bucket_value(int bucket) {
    if (bucket < kQuantizeZeroBucket)
        return -(int64_t{1} << (kQuantizeZeroBucket - 1 - bucket));
    if (bucket == kQuantizeZeroBucket) return 0;
    return int64_t{1} << (bucket - kQuantizeZeroBucket - 1);
}

int quantize_bucket(int64_t value) {
    if (value < 0) {
        // The first (most negative) bucket whose label is at or above the value.
        for (int b = 0; b < kQuantizeZeroBucket; ++b)
            if (value <= quantize_bucket_value(b)) return b;
        return kQuantizeZeroBucket - 1;  // unreachable: -1 <= label of bucket 62
    }
    // The last bucket whose label is at or below the value.
    for (int b = kQuantizeZeroBucket + 1; b < kQuantizeBuckets; ++b)
        if (value < quantize_bucket_value(b)) return b - 1;
    return kQuantizeBuckets - 1;
}

// ---- lquantize ---------------------------------------------------------------------------

std::optional<AggParamError> check_lquantize(int64_t base, int64_t limit, int64_t step,
                                             LquantizeParams* out) {
    constexpr int64_t i32min = std::numeric_limits<int32_t>::min();
    constexpr int64_t i32max = std::numeric_limits<int32_t>::max();
    if (base < i32min || base > i32max)
        return err("D_LQUANT_BASEVAL", "lquantize( ) argument #1 must be a 32-bit quantity");
    if (limit < i32min || limit > i32max)
        return err("D_LQUANT_LIMVAL", "lquantize( ) argument #2 must be a 32-bit quantity");
    if (limit < base)
        return err("D_LQUANT_MISMATCH",
                   "lquantize( ) base (argument #1) must be less than limit (argument #2)");
    if (step <= 0)
        return err("D_LQUANT_STEPTYPE",
                   "lquantize( ) argument #3 must be a non-zero positive integer constant");
    if (step > 0xffff)
        return err("D_LQUANT_STEPVAL", "lquantize( ) argument #3 must be a 16-bit quantity");
    uint64_t nlevels = static_cast<uint64_t>(limit - base) / static_cast<uint64_t>(step);
    if (nlevels == 0)
        return err("D_LQUANT_STEPLARGE",
                   "lquantize( ) step (argument #3) too large: must have at least one "
                   "quantization level");
    if (nlevels > 0xffff)
        return err("D_LQUANT_STEPSMALL",
                   "lquantize( ) step (argument #3) too small: number of quantization levels "
                   "must be a 16-bit quantity");
    if (out) {
        out->base = static_cast<int32_t>(base);
        out->step = static_cast<uint16_t>(step);
        out->levels = static_cast<uint16_t>(nlevels);
    }
    return std::nullopt;
}

std::optional<AggParamError> match_lquantize(const LquantizeParams& o, const LquantizeParams& n) {
    if (o.base != n.base)
        return err("D_LQUANT_MATCHBASE",
                   "lquantize( ) base (argument #1) doesn't match previous declaration: "
                   "expected " + int_text(o.base) + ", found " + int_text(n.base));
    if (int{o.levels} * int{o.step} != int{n.levels} * int{n.step})
        return err("D_LQUANT_MATCHLIM",
                   "lquantize( ) limit (argument #2) doesn't match previous declaration: "
                   "expected " + int_text(o.base + int{o.levels} * int{o.step}) +
                       ", found " + int_text(n.base + int{n.levels} * int{n.step}));
    if (o.step != n.step)
        return err("D_LQUANT_MATCHSTEP",
                   "lquantize( ) step (argument #3) doesn't match previous declaration: "
                   "expected " + int_text(o.step) + ", found " + int_text(n.step));
    return std::nullopt;
}

int lquantize_nbuckets(const LquantizeParams& p) { return int{p.levels} + 2; }

int lquantize_bucket(const LquantizeParams& p, int64_t value) {
    // The kernel compares in 32 bits; the difference is taken in 64 to avoid overflow
    // (a 32-bit difference could only exceed the levels anyway).
    int64_t v = static_cast<int32_t>(static_cast<uint64_t>(value) & 0xffffffffu);
    if (v < p.base) return 0;
    int64_t level = (v - p.base) / p.step;
    if (level < p.levels) return static_cast<int>(level) + 1;
    return int{p.levels} + 1;
}

std::string lquantize_label(const LquantizeParams& p, int bucket) {
    if (bucket <= 0) return "< " + int_text(p.base);
    if (bucket >= int{p.levels} + 1)
        return ">= " + int_text(static_cast<int32_t>(p.base + int{p.levels} * int{p.step}));
    return int_text(static_cast<int32_t>(p.base + (bucket - 1) * int{p.step}));
}

// ---- llquantize --------------------------------------------------------------------------

namespace {

struct LlArg {
    const char* name;
    Tag badval;
    Tag mismatch;
};

constexpr LlArg kLlArgs[4] = {
    {"factor", "D_LLQUANT_FACTORVAL", "D_LLQUANT_FACTORMATCH"},
    {"low magnitude", "D_LLQUANT_LOWVAL", "D_LLQUANT_LOWMATCH"},
    {"high magnitude", "D_LLQUANT_HIGHVAL", "D_LLQUANT_HIGHMATCH"},
    {"linear steps per magnitude", "D_LLQUANT_NSTEPVAL", "D_LLQUANT_NSTEPMATCH"},
};

}  // namespace

std::optional<AggParamError> check_llquantize(int64_t factor, int64_t low, int64_t high,
                                              int64_t nsteps, LlquantizeParams* out) {
    const int64_t raw[4] = {factor, low, high, nsteps};
    uint16_t v[4];
    for (int i = 0; i < 4; ++i) {
        if (static_cast<uint64_t>(raw[i]) > 0xffff)
            return err(kLlArgs[i].badval, "llquantize( ) argument #" + int_text(i + 1) + " (" +
                                              kLlArgs[i].name +
                                              ") must be an unsigned 16-bit quantity");
        v[i] = static_cast<uint16_t>(raw[i]);
    }
    if (v[0] < 2)
        return err("D_LLQUANT_FACTORSMALL",
                   "llquantize( ) factor (argument #1) must be two or more");
    if (v[1] >= v[2])
        return err("D_LLQUANT_MAGRANGE",
                   "llquantize( ) high magnitude (argument #3) must be greater than low "
                   "magnitude (argument #2)");
    if (v[3] < v[0])
        return err("D_LLQUANT_FACTORNSTEPS",
                   "llquantize( ) factor (argument #1) must be less than or equal to the "
                   "number of linear steps per magnitude (argument #4)");
    uint64_t pw = v[0];
    while (pw < v[3]) pw *= v[0];
    if ((v[3] % v[0]) != 0 || (pw % v[3]) != 0)
        return err("D_LLQUANT_FACTOREVEN",
                   "llquantize( ) factor (argument #1) must evenly divide the number of steps "
                   "per magnitude (argument #4), and the number of steps per magnitude must "
                   "evenly divide a power of the factor");
    // factor^(high+2) must be computable without wrapping, checked the way dt_cc.c does it.
    uint64_t order = 1;
    for (int i = 0; i <= int{v[2]} + 1; ++i) {
        if (order * v[0] > order) {
            order *= v[0];
            continue;
        }
        return err("D_LLQUANT_MAGTOOBIG", "llquantize( ) factor (" + int_text(v[0]) +
                                              ") raised to power of high magnitude (" +
                                              int_text(v[2]) + ") plus 1 overflows 64-bits");
    }
    if (out) *out = {v[0], v[1], v[2], v[3]};
    return std::nullopt;
}

std::optional<AggParamError> match_llquantize(const LlquantizeParams& o,
                                              const LlquantizeParams& n) {
    const uint16_t ov[4] = {o.factor, o.low, o.high, o.nsteps};
    const uint16_t nv[4] = {n.factor, n.low, n.high, n.nsteps};
    for (int i = 0; i < 4; ++i) {
        if (ov[i] == nv[i]) continue;
        return err(kLlArgs[i].mismatch, std::string("llquantize( ) ") + kLlArgs[i].name +
                                            " (argument #" + int_text(i + 1) +
                                            ") doesn't match previous declaration: expected " +
                                            int_text(ov[i]) + ", found " + int_text(nv[i]));
    }
    return std::nullopt;
}

int llquantize_bucket(const LlquantizeParams& p, int64_t value) {
    // Unsigned arithmetic so that a (rejected by check_llquantize) overflow wraps instead of
    // being undefined; the wrap is detected like the kernel detects it.
    int64_t cur = 1;
    int order = 0;
    for (; order < p.low; ++order)
        cur = static_cast<int64_t>(static_cast<uint64_t>(cur) * p.factor);
    int64_t last = cur;
    if (value < last) return 0;
    int base = 1;
    cur = static_cast<int64_t>(static_cast<uint64_t>(cur) * p.factor);
    for (; order <= p.high; ++order) {
        int64_t nbuckets = cur > p.nsteps ? p.nsteps : cur;
        int64_t next = static_cast<int64_t>(static_cast<uint64_t>(cur) * p.factor);
        if (next < cur) value = cur - 1;  // next magnitude not representable: clamp
        if (value < cur) return base + static_cast<int>((value - last) / (cur / nbuckets));
        base += static_cast<int>(nbuckets - nbuckets / p.factor);
        last = cur;
        cur = next;
    }
    return base;
}

int llquantize_nbuckets(const LlquantizeParams& p) {
    return llquantize_bucket(p, std::numeric_limits<int64_t>::max()) + 1;
}

std::vector<int64_t> llquantize_bounds(const LlquantizeParams& p) {
    // Unsigned so that the bound past a magnitude that does not fit in int64 wraps instead of
    // being undefined (that bound is never a bucket: see llquantize_bucket's clamp).
    std::vector<int64_t> out;
    uint64_t value = 1;
    int order = 0;
    for (; order < p.low; ++order) value *= p.factor;
    out.push_back(static_cast<int64_t>(value));  // bucket 0: "< factor^low"
    uint64_t next = value * p.factor;
    uint64_t step = next > p.nsteps ? next / p.nsteps : 1;
    while (order <= p.high) {
        out.push_back(static_cast<int64_t>(value));
        value += step;
        if (value != next) continue;
        next = value * p.factor;
        step = next > p.nsteps ? next / p.nsteps : 1;
        ++order;
    }
    out.push_back(static_cast<int64_t>(value));  // overflow bucket: ">= factor^(high+1)"
    return out;
}

std::string llquantize_label(const LlquantizeParams& p, int bucket) {
    std::vector<int64_t> b = llquantize_bounds(p);
    if (bucket <= 0) return "< " + int_text(b.front());
    if (bucket >= static_cast<int>(b.size()) - 1) return ">= " + int_text(b.back());
    if (bucket >= llquantize_nbuckets(p)) return {};
    return int_text(b[static_cast<size_t>(bucket)]);
}

}  // namespace bdtrace::formats
