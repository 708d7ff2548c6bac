// The entry function of a program writes only what its kind sets: the floor every firing pays is
// mostly the cache lines it touches, so a profile tick writes its two arguments (the others stay
// zero from the scratch map's creation) and an entry uprobe stores the bytes it lies past the
// function's first instruction only when a clause reads them (uregs[R_PC], ustack()).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bpf/assembler.h"
#include "codegen/abi.h"
#include "compile_helpers.h"

using namespace bdtrace;

namespace {

// The offsets of the 8-byte stores of an immediate in the entry function of the program of `kind`.
std::vector<int16_t> entry_immediate_stores(const std::string& text, probes::AttachKind kind) {
    sema::TypeTable types;
    probes::Registry registry;
    auto ps = test::compile(registry, types, text);
    std::vector<int16_t> offs;
    if (!ps) return offs;
    for (const auto& gp : ps->programs) {
        if (gp.kind != kind) continue;
        std::string err;
        auto code = bpf::assemble(*gp.ir, err);
        EXPECT_TRUE(code) << err;
        if (!code) return offs;
        const bpf::FunctionInfo& entry = code->functions.at(0);
        for (uint32_t i = entry.start; i < entry.start + entry.count; ++i)
            if (code->insns[i].code == 0x7a) offs.push_back(code->insns[i].off);  // BPF_ST | BPF_MEM | BPF_DW
    }
    return offs;
}

int count_in(const std::vector<int16_t>& offs, int lo, int hi) {
    int n = 0;
    for (int16_t o : offs) n += o >= lo && o < hi;
    return n;
}

}  // namespace

TEST(CodegenEntry, ProfileWritesOnlyItsTwoArguments) {
    auto offs = entry_immediate_stores("profile-4999 /0/ { }\n", probes::AttachKind::Profile);
    // arg2..arg9 are not written at every tick.
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs + 16, codegen::abi::kScratchArgs + 80), 0);
    // The timestamp is reset, and whichever of arg0 (kernel pc) and arg1 (user pc) is not set is 0.
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchTimestamp, codegen::abi::kScratchTimestamp + 8), 1);
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 16), 2);
}

TEST(CodegenEntry, BeginStillZeroesEveryArgument) {
    auto offs = entry_immediate_stores("BEGIN { trace(arg3); }\n", probes::AttachKind::Begin);
    EXPECT_EQ(count_in(offs, codegen::abi::kScratchArgs, codegen::abi::kScratchArgs + 80), 10);
}
