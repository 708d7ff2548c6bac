// Aggregations: each update builds the key {id, 0, key tuple} in the scratch area, finds (or
// creates) the entry in the per-CPU hash map, and applies the aggregating function to it. The
// consumer merges the CPUs' values when it prints.
#include <cerrno>
#include <optional>
#include <vector>

#include "bpf/helpers.h"
#include "codegen/gen.h"
#include "formats/agg_buckets.h"

namespace bdtrace::codegen {

using bpf::AluOp;
using bpf::Cond;
using bpf::VReg;
using sema::AggFunc;

namespace {

// floor(log2(x)) for x != 0, by halving the search six times.
VReg log2_floor(bpf::Function& f, VReg x) {
    VReg l = f.vreg(), t = f.vreg();
    f.mov(l, static_cast<int64_t>(0));
    for (int shift : {32, 16, 8, 4, 2, 1}) {
        bpf::Label skip = f.new_label();
        f.mov(t, x);
        f.alu64(AluOp::Rsh, t, shift);
        f.branch(Cond::Eq, t, 0, skip);
        f.mov(x, t);
        f.alu64(AluOp::Add, l, shift);
        f.bind(skip);
    }
    return l;
}

// |x| squared as 128 bits (lo, hi), from the products of its 32-bit halves.
std::pair<VReg, VReg> square128(bpf::Function& f, VReg x) {
    VReg a = f.vreg(), al = f.vreg(), ah = f.vreg();
    f.mov(a, x);
    bpf::Label pos = f.new_label();
    f.branch(Cond::Sge, a, 0, pos);
    f.neg(a);
    f.bind(pos);
    f.mov32(al, a);
    f.mov(ah, a);
    f.alu64(AluOp::Rsh, ah, 32);
    VReg low = f.vreg(), mid = f.vreg(), high = f.vreg(), t = f.vreg();
    f.mov(low, al);
    f.alu64(AluOp::Mul, low, al);  // < 2^64
    f.mov(mid, al);
    f.alu64(AluOp::Mul, mid, ah);  // counted twice
    f.mov(high, ah);
    f.alu64(AluOp::Mul, high, ah);
    // carry word: low's top half plus twice mid's bottom half (fits in 64 bits)
    VReg cy = f.vreg();
    f.mov(cy, low);
    f.alu64(AluOp::Rsh, cy, 32);
    f.mov32(t, mid);
    f.alu64(AluOp::Add, cy, t);
    f.alu64(AluOp::Add, cy, t);
    VReg lo = f.vreg();
    f.mov32(lo, low);
    f.mov(t, cy);
    f.alu64(AluOp::Lsh, t, 32);
    f.alu64(AluOp::Or, lo, t);
    VReg hi = f.vreg();
    f.mov(hi, high);
    f.mov(t, mid);
    f.alu64(AluOp::Rsh, t, 32);
    f.alu64(AluOp::Add, hi, t);
    f.alu64(AluOp::Add, hi, t);
    f.alu64(AluOp::Rsh, cy, 32);
    f.alu64(AluOp::Add, hi, cy);
    return {lo, hi};
}

// *(u128 *)(p + off) += (hi:lo)
void add128(bpf::Function& f, VReg p, int16_t off, VReg lo, VReg hi) {
    VReg cur = f.vreg(), h = f.vreg();
    f.load(8, cur, p, off);
    f.alu64(AluOp::Add, cur, lo);
    f.store(8, p, off, cur);
    f.load(8, h, p, static_cast<int16_t>(off + 8));
    f.alu64(AluOp::Add, h, hi);
    bpf::Label no_carry = f.new_label();
    f.branch(Cond::Ge, cur, lo, no_carry);  // unsigned: the low word wrapped
    f.alu64(AluOp::Add, h, 1);
    f.bind(no_carry);
    f.store(8, p, static_cast<int16_t>(off + 8), h);
}

// Where dtrace_aggregate_llquantize_bucket() clamps: in the first magnitude whose successor's
// successor overflows int64 (its "(next = this * factor) < this"), every value from the
// magnitude's lower bound up is taken as the magnitude's top value, so lands in its last
// bucket, which is then the top bucket. None when the overflow bucket exists.
std::optional<int64_t> llquantize_clamp(const formats::LlquantizeParams& p) {
    uint64_t last = 1;
    for (int order = 0; order < p.low; ++order) last *= p.factor;
    uint64_t cur = last * p.factor;
    for (int order = p.low; order <= p.high; ++order) {
        uint64_t next = cur * p.factor;
        if (static_cast<int64_t>(next) < static_cast<int64_t>(cur)) return static_cast<int64_t>(last);
        last = cur;
        cur = next;
    }
    return std::nullopt;
}

// llquantize()'s buckets after bucket 0, as runs of equal width: a value in [lo, lo + count *
// width) falls in bucket first + (value - lo) / width. The runs come from the bucket bounds and
// stop before the overflow bucket (it has no upper bound) or the clamped magnitude.
struct LlquantizeRun {
    int64_t lo, width, count, first;
};

std::vector<LlquantizeRun> llquantize_runs(const formats::LlquantizeParams& p) {
    std::vector<int64_t> b = formats::llquantize_bounds(p);
    std::optional<int64_t> clamp = llquantize_clamp(p);
    std::vector<LlquantizeRun> runs;
    // b[i] (i >= 1) is bucket i's lower bound and b[i + 1] its upper one.
    for (size_t i = 1; i + 1 < b.size(); ++i) {
        if (clamp && b[i] >= *clamp) break;
        int64_t width = b[i + 1] - b[i];
        if (!runs.empty() && runs.back().width == width) {
            ++runs.back().count;
            continue;
        }
        runs.push_back({b[i], width, 1, static_cast<int64_t>(i)});
    }
    return runs;
}

}  // namespace

// The bucket of |v| as the kernel's dtrace_aggregate_llquantize_bucket() picks it (and
// formats::llquantize_bucket() models it). The parameters are constants, so instead of the
// kernel's loop over magnitudes this is a chain of signed compares, one per run of equal-width
// buckets (at most one per magnitude), and one division. Values below factor^low (negative ones
// too) get bucket 0; values past the last run the top bucket: the overflow bucket, or the
// clamped magnitude's last bucket (see llquantize_clamp).
// Not static: tests/unit/codegen_llquantize_test.cpp runs it on the BPF interpreter.
VReg emit_llquantize_bucket(bpf::Function& f, VReg v, const formats::LlquantizeParams& p) {
    std::vector<int64_t> bounds = formats::llquantize_bounds(p);
    VReg b = f.vreg();
    bpf::Label have = f.new_label();
    f.mov(b, static_cast<int64_t>(0));
    f.branch(Cond::Slt, v, bounds.front(), have);
    for (const LlquantizeRun& r : llquantize_runs(p)) {
        bpf::Label next = f.new_label();
        f.branch(Cond::Sge, v, r.lo + r.count * r.width, next);
        f.mov(b, v);
        if (r.width > 1) {
            f.alu64(AluOp::Sub, b, r.lo);
            f.alu64(AluOp::Div, b, r.width);  // unsigned: b >= 0 here
            f.alu64(AluOp::Add, b, r.first);
        } else if (r.first != r.lo) {
            f.alu64(AluOp::Add, b, r.first - r.lo);
        }
        f.jump(have);
        f.bind(next);
    }
    f.mov(b, static_cast<int64_t>(formats::llquantize_nbuckets(p) - 1));
    f.bind(have);
    return b;
}

void ClauseGen::aggregate(const sema::AggUpdate& u) {
    const sema::Aggregation& agg = *u.agg;
    const AggDesc& desc = g.out.aggregations.at(agg.id - 1);
    if (g.agg_entries == 0) {
        count_drop(abi::kScratchAggDrops);  // no room for a single entry
        return;
    }

    // The key's elements, then the operands, are evaluated before the entry is found or made:
    // a fault in any of them leaves the aggregation as it was.
    VReg key;
    if (desc.array_slot < 0) key = hash_key(u, agg, desc);
    VReg v, incr;
    if (u.value) v = value(*u.value);
    if (u.increment) incr = value(*u.increment);
    bpf::Label done = f.new_label();
    VReg p = desc.array_slot >= 0 ? array_entry(agg, desc, done) : hash_entry(agg, desc, key, done);
    update_entry(agg, desc, p, v, incr);
    f.bind(done);
}

// An aggregation without keys: its slot of the per-CPU array, the value after the flag word.
// The first update on this CPU sets the flag (the entry has data) and starts min()/max() from
// their extreme values. The operands are evaluated before the slot is looked up, as for keys.
VReg ClauseGen::array_entry(const sema::Aggregation& agg, const AggDesc& desc, bpf::Label done) {
    VReg key = f.vreg();
    f.mov(key, scratch);
    f.alu64(AluOp::Add, key, static_cast<int64_t>(g.layout.agg_key));
    f.store(4, key, 0, static_cast<int64_t>(desc.array_slot));
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kAggArrayMap);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    f.branch(Cond::Eq, p, 0, done);
    bpf::Label have = f.new_label();
    VReg flag = f.vreg();
    f.load(8, flag, p, 0);
    f.branch(Cond::Ne, flag, 0, have);
    f.store(8, p, 0, 1);
    if (agg.func == AggFunc::Min || agg.func == AggFunc::Max) {
        VReg init = f.vreg();
        f.mov(init, agg.func == AggFunc::Min ? INT64_MAX : INT64_MIN);
        f.store(8, p, static_cast<int16_t>(abi::kAggArrayData), init);
    }
    f.bind(have);
    f.alu64(AluOp::Add, p, static_cast<int64_t>(abi::kAggArrayData));
    return p;
}

// A keyed aggregation's key {id, 0, key tuple}, built in scratch.
VReg ClauseGen::hash_key(const sema::AggUpdate& u, const sema::Aggregation& agg, const AggDesc& desc) {
    VReg key = f.vreg();
    f.mov(key, scratch);
    f.alu64(AluOp::Add, key, static_cast<int64_t>(g.layout.agg_key));
    for (uint32_t off = 0; off < g.out.agg_key_size; off += 8) f.store(8, key, static_cast<int16_t>(off), 0);
    f.store(4, key, 0, static_cast<int64_t>(agg.id));
    for (size_t i = 0; i < u.keys.size(); ++i) {
        const Field& kf = desc.keys[i];
        if (kf.kind == Field::Kind::UStack || kf.kind == Field::Kind::USym) {
            user_key(*u.keys[i], kf, key);
        } else if (kf.kind == Field::Kind::Stack) {
            VReg skip = stack_skip();
            VReg dst = f.vreg();
            f.mov(dst, key);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(kf.offset + 8));
            VReg got = f.call_helper(bpf::helper::get_stack, {ctx, dst, static_cast<int64_t>(kf.size - 8), skip});
            f.store(8, key, static_cast<int16_t>(kf.offset), got);
        } else if (kf.kind == Field::Kind::String) {
            VReg src = string_operand(*u.keys[i]);
            VReg dst = f.vreg();
            f.mov(dst, key);
            f.alu64(AluOp::Add, dst, static_cast<int64_t>(kf.offset));
            copy_string(dst, src);
        } else {
            VReg v = value(*u.keys[i]);
            normalize(v, u.keys[i]->type);  // a key is its type's width
            f.store(8, key, static_cast<int16_t>(kf.offset), v);
        }
    }
    return key;
}

// A keyed aggregation's entry: found in the per-CPU hash, or created from zeros (BPF_NOEXIST)
// and found again. The hash is not preallocated (creating the default 4m took the kernel
// 0.3-0.8 s); its entries come from the kernel's per-CPU caches, refilled between firings, so
// a burst of new keys can find them empty (-ENOMEM) before the map is full: those entries go
// to the small preallocated spill hash (abi::kAggSpillMap), which the consumer reads with it.
// A full map (-E2BIG), or a full spill, drops the update and counts it.
VReg ClauseGen::hash_entry(const sema::Aggregation& agg, const AggDesc&, VReg key, bpf::Label done) {
    VReg map = f.vreg();
    f.load_map_fd(map, abi::kAggMap);
    VReg p = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    bpf::Label have = f.new_label(), created = f.new_label(), full = f.new_label();
    f.branch(Cond::Ne, p, 0, have);
    VReg zero = f.vreg();
    f.mov(zero, scratch);
    f.alu64(AluOp::Add, zero, static_cast<int64_t>(g.layout.agg_zero));
    f.load_map_fd(map, abi::kAggMap);
    VReg err = f.call_helper(bpf::helper::map_update_elem, {map, key, zero, 1});
    f.load_map_fd(map, abi::kAggMap);
    VReg p2 = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
    f.mov(p, p2);
    f.branch(Cond::Ne, p2, 0, created);
    if (g.out.agg_spill) {
        f.branch(Cond::Ne, err, -ENOMEM, full);
        f.load_map_fd(map, abi::kAggSpillMap);
        VReg s = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
        f.mov(p, s);
        f.branch(Cond::Ne, s, 0, have);  // spilled by an earlier burst
        f.mov(zero, scratch);
        f.alu64(AluOp::Add, zero, static_cast<int64_t>(g.layout.agg_zero));
        f.load_map_fd(map, abi::kAggSpillMap);
        f.call_helper(bpf::helper::map_update_elem, {map, key, zero, 1});
        f.load_map_fd(map, abi::kAggSpillMap);
        VReg s2 = f.call_helper(bpf::helper::map_lookup_elem, {map, key});
        f.mov(p, s2);
        f.branch(Cond::Ne, s2, 0, created);
    }
    // The map is full: the update is dropped and counted, for "N aggregation drops on CPU n".
    f.bind(full);
    count_drop(abi::kScratchAggDrops);
    f.jump(done);
    f.bind(created);
    // min() and max() start from the extreme values, not zero.
    if (agg.func == AggFunc::Min || agg.func == AggFunc::Max) {
        VReg init = f.vreg();
        f.mov(init, agg.func == AggFunc::Min ? INT64_MAX : INT64_MIN);
        f.store(8, p, 0, init);
    }
    f.bind(have);
    return p;
}

// The aggregating function applied to the entry's value at p (v: the operand, incr: the
// optional increment of count() and the histograms).
void ClauseGen::update_entry(const sema::Aggregation& agg, const AggDesc& desc, VReg p, VReg v, VReg incr) {
    bpf::Label done = f.new_label();
    VReg cur = f.vreg();
    switch (agg.func) {
        case AggFunc::Count:
            f.load(8, cur, p, 0);
            if (incr.valid()) f.alu64(AluOp::Add, cur, incr);
            else f.alu64(AluOp::Add, cur, 1);
            f.store(8, p, 0, cur);
            break;
        case AggFunc::Sum:
            f.load(8, cur, p, 0);
            f.alu64(AluOp::Add, cur, v);
            f.store(8, p, 0, cur);
            break;
        case AggFunc::Min:
        case AggFunc::Max: {
            f.load(8, cur, p, 0);
            bpf::Label keep = f.new_label();
            f.branch(agg.func == AggFunc::Min ? Cond::Sge : Cond::Sle, v, cur, keep);
            f.store(8, p, 0, v);
            f.bind(keep);
            break;
        }
        case AggFunc::Avg:
        case AggFunc::Stddev:
            // count and sum; stddev() also keeps the 128-bit sum of squares after them.
            f.load(8, cur, p, 0);
            f.alu64(AluOp::Add, cur, 1);
            f.store(8, p, 0, cur);
            f.load(8, cur, p, 8);
            f.alu64(AluOp::Add, cur, v);
            f.store(8, p, 8, cur);
            if (agg.func == AggFunc::Stddev) {
                auto [lo, hi] = square128(f, v);
                add128(f, p, 16, lo, hi);
            }
            break;
        case AggFunc::Quantize:
        case AggFunc::Lquantize:
        case AggFunc::Llquantize: {
            // The bucket index, kept within the value so the verifier sees a bounded offset.
            VReg b = f.vreg();
            uint32_t nbuckets = static_cast<uint32_t>(desc.value_size / 8);
            if (agg.func == AggFunc::Quantize) {
                bpf::Label neg = f.new_label(), zero_b = f.new_label(), have_b = f.new_label();
                VReg x = f.vreg();
                f.mov(x, v);
                f.branch(Cond::Eq, x, 0, zero_b);
                f.branch(Cond::Slt, x, 0, neg);
                VReg l = log2_floor(f, x);
                f.mov(b, static_cast<int64_t>(formats::kQuantizeZeroBucket + 1));
                f.alu64(AluOp::Add, b, l);
                f.jump(have_b);
                f.bind(neg);
                f.neg(x);  // INT64_MIN stays 1 << 63 taken unsigned: its log2 is 63
                VReg ln = log2_floor(f, x);
                f.mov(b, static_cast<int64_t>(formats::kQuantizeZeroBucket - 1));
                f.alu64(AluOp::Sub, b, ln);
                bpf::Label nonneg = f.new_label();
                f.branch(Cond::Sge, b, 0, nonneg);
                f.mov(b, static_cast<int64_t>(0));
                f.bind(nonneg);
                f.jump(have_b);
                f.bind(zero_b);
                f.mov(b, static_cast<int64_t>(formats::kQuantizeZeroBucket));
                f.bind(have_b);
            } else if (agg.func == AggFunc::Llquantize) {
                f.mov(b, emit_llquantize_bucket(f, v, agg.llquantize));
            } else {
                // lquantize: below base → 0; (v - base) / step + 1; at or past the top → levels + 1.
                bpf::Label below = f.new_label(), have_b = f.new_label();
                VReg x = f.vreg();
                f.mov(x, v);
                f.mov32(x, x);
                f.movsx(x, x, 32);  // the kernel works on the value's low 32 bits, signed
                f.branch(Cond::Slt, x, static_cast<int64_t>(agg.base), below);
                f.alu64(AluOp::Sub, x, static_cast<int64_t>(agg.base));
                f.alu64(AluOp::Div, x, static_cast<int64_t>(agg.step));
                f.alu64(AluOp::Add, x, 1);
                f.mov(b, x);
                bpf::Label in_range = f.new_label();
                f.branch(Cond::Le, b, static_cast<int64_t>(agg.levels), in_range);
                f.mov(b, static_cast<int64_t>(agg.levels + 1));
                f.bind(in_range);
                f.jump(have_b);
                f.bind(below);
                f.mov(b, static_cast<int64_t>(0));
                f.bind(have_b);
            }
            f.branch(Cond::Gt, b, static_cast<int64_t>(nbuckets - 1), done);
            f.alu64(AluOp::Lsh, b, 3);
            VReg slot = f.vreg();
            f.mov(slot, p);
            f.alu64(AluOp::Add, slot, b);
            f.load(8, cur, slot, 0);
            if (incr.valid()) f.alu64(AluOp::Add, cur, incr);
            else f.alu64(AluOp::Add, cur, 1);
            f.store(8, slot, 0, cur);
            break;
        }
        default:
            g.error("D_UNKNOWN", agg.first, "this aggregating function is not yet supported");
    }
    f.bind(done);
}

}  // namespace bdtrace::codegen
