// The BPF that picks an llquantize() bucket, run on the reference interpreter and compared with
// formats::llquantize_bucket() (the kernel's dtrace_aggregate_llquantize_bucket()) for values
// around every bucket bound, the extremes and random values, over parameter sets that include
// a low magnitude above 0, steps per magnitude above the factor, and the kernel's clamp when
// factor^(high+2) does not fit in int64.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "bpf/assembler.h"
#include "bpf/interp.h"
#include "bpf/ir.h"
#include "codegen/gen.h"
#include "formats/agg_buckets.h"


using namespace bdtrace;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

formats::LlquantizeParams params(int64_t factor, int64_t low, int64_t high, int64_t nsteps) {
    formats::LlquantizeParams p;
    auto err = formats::check_llquantize(factor, low, high, nsteps, &p);
    EXPECT_FALSE(err.has_value()) << err->message;
    return p;
}

// bucket(value) = r0 of a program that loads the value from its context.
class BucketProgram {
  public:
    explicit BucketProgram(const formats::LlquantizeParams& p) {
        bpf::Function& f = prog_.add_function("bucket");
        bpf::VReg v = f.vreg();
        f.load(8, v, f.param(0), 0);
        f.ret(codegen::emit_llquantize_bucket(f, v, p));
        EXPECT_EQ(f.error(), "");
        std::string error;
        auto code = bpf::assemble(prog_, error);
        EXPECT_TRUE(code.has_value()) << error;
        if (code) insns_ = code->insns;
    }

    size_t size() const { return insns_.size(); }

    int64_t bucket(int64_t value) {
        bpf::Interpreter in;
        in.add_memory(&value, sizeof value);
        bpf::InterpResult r = in.run(insns_, reinterpret_cast<uint64_t>(&value));
        EXPECT_TRUE(r.ok) << r.error;
        return static_cast<int64_t>(r.r0);
    }

  private:
    bpf::Program prog_;
    std::vector<bpf::Insn> insns_;
};

// Every bound and its neighbours, the extremes, and random values spread over the magnitudes.
std::vector<int64_t> probe_values(const formats::LlquantizeParams& p) {
    std::vector<int64_t> v = {0, 1, -1, 2, -2, kMin, kMin + 1, kMax, kMax - 1, -1000000007};
    for (int64_t b : formats::llquantize_bounds(p)) {
        for (int64_t d : {-1, 0, 1}) {
            if ((d < 0 && b == kMin) || (d > 0 && b == kMax)) continue;
            v.push_back(b + d);
            v.push_back(-(b + d));
        }
    }
    std::mt19937_64 rng(0x11a9u + p.factor * 131u + p.high);
    for (int i = 0; i < 2000; ++i) {
        int shift = static_cast<int>(rng() % 64);
        v.push_back(static_cast<int64_t>(rng() >> shift));
    }
    return v;
}

void check_against_model(int64_t factor, int64_t low, int64_t high, int64_t nsteps) {
    SCOPED_TRACE("llquantize(v, " + std::to_string(factor) + ", " + std::to_string(low) + ", " +
                 std::to_string(high) + ", " + std::to_string(nsteps) + ")");
    formats::LlquantizeParams p = params(factor, low, high, nsteps);
    BucketProgram prog(p);
    ASSERT_GT(prog.size(), 0u);
    int nbuckets = formats::llquantize_nbuckets(p);
    for (int64_t value : probe_values(p)) {
        int64_t got = prog.bucket(value);
        ASSERT_EQ(got, formats::llquantize_bucket(p, value)) << "value " << value;
        ASSERT_GE(got, 0);
        ASSERT_LT(got, nbuckets);
    }
}

}  // namespace

TEST(CodegenLlquantize, DecimalTwentySteps) { check_against_model(10, 0, 6, 20); }

TEST(CodegenLlquantize, DecimalOneStepPerUnit) { check_against_model(10, 0, 2, 10); }

TEST(CodegenLlquantize, LowMagnitudeAboveZero) {
    check_against_model(10, 2, 5, 100);
    check_against_model(4, 1, 5, 8);
}

TEST(CodegenLlquantize, StepsAboveTheFactor) {
    check_against_model(2, 0, 10, 16);
    check_against_model(5, 0, 3, 25);
    check_against_model(16, 0, 13, 256);
}

// factor^(high+2) past INT64_MAX: the kernel puts everything from factor^high up into the top
// magnitude's last bucket, and there is no overflow bucket.
TEST(CodegenLlquantize, ClampedTopMagnitude) {
    for (auto [f, h, n] : {std::tuple{2, 61, 2}, std::tuple{3, 38, 9}, std::tuple{10, 17, 100}}) {
        formats::LlquantizeParams p = params(f, 0, h, n);
        EXPECT_EQ(formats::llquantize_bounds(p).size(), static_cast<size_t>(formats::llquantize_nbuckets(p)) + 1);
        check_against_model(f, 0, h, n);
    }
}

TEST(CodegenLlquantize, OverflowBucket) {
    formats::LlquantizeParams p = params(10, 0, 2, 10);
    BucketProgram prog(p);
    EXPECT_EQ(prog.bucket(999), 27);
    EXPECT_EQ(prog.bucket(1000), 28);
    EXPECT_EQ(prog.bucket(kMax), 28);
    EXPECT_EQ(prog.bucket(-5), 0);
    EXPECT_EQ(prog.bucket(kMin), 0);
}

// The parameters are constants: the code is a compare per run of equal-width buckets (at most
// one per magnitude), not per bucket.
TEST(CodegenLlquantize, CodeGrowsWithMagnitudesNotBuckets) {
    formats::LlquantizeParams p = params(10, 0, 9, 100);
    ASSERT_GT(formats::llquantize_nbuckets(p), 800);
    BucketProgram prog(p);
    EXPECT_LT(prog.size(), 100u);
}
