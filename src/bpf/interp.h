// A reference interpreter for assembled BPF, for tests that need no kernel (built into the
// tests' bdtrace_test_support library, not the shipped one): it computes what the
// kernel would, and stops with an error where the verifier would refuse what a code generator or
// the register allocator produced:
//  - reading a register never written, or one a call clobbered (r1-r5 after any call; r6-r9 of
//    a new BPF-to-BPF frame start unwritten, as in the verifier);
//  - writing r10; a stack access outside the 512-byte frame, misaligned against r10, or reading
//    stack bytes never written; any other memory not registered with add_memory();
//  - more than 8 nested frames, or running past the end of the program.
// Helpers and kfuncs are callbacks; there are no real maps (LD_IMM64 with a map pseudo-source
// asks map_address(), or yields the raw immediate).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bpf/insn.h"

namespace bdtrace::bpf {

struct CallArgs {
    uint64_t v[5] = {};
    bool written[5] = {};  // whether r1+i held a value at the call
};

struct InterpOptions {
    // nullopt: the call is refused (e.g. an argument was not written); the run fails.
    std::function<std::optional<uint64_t>(int32_t id, const CallArgs&)> helper;
    std::function<std::optional<uint64_t>(int32_t btf_id, const CallArgs&)> kfunc;
    // Value of an LD_IMM64 whose src is a map pseudo-source (insn is its first half).
    std::function<uint64_t(const Insn& insn, uint32_t value_off)> map_address;
    uint64_t max_steps = 1000000;
};

struct InterpResult {
    bool ok = false;
    uint64_t r0 = 0;
    std::string error;  // "pc 12: r3 is read before it is written"
    uint32_t pc = 0;    // where it stopped
    uint64_t steps = 0;
    uint32_t max_frames = 0;  // deepest BPF-to-BPF nesting reached (1 = entry only)
};

class Interpreter {
  public:
    explicit Interpreter(InterpOptions opt = {}) : opt_(std::move(opt)) {}

    // Memory the program may read and write besides its stack (a context, map values).
    void add_memory(void* base, size_t size);

    // Runs from instruction 0 with r1 = ctx (the other argument registers unwritten).
    InterpResult run(const std::vector<Insn>& insns, uint64_t ctx);

  private:
    struct Region {
        uint8_t* base;
        size_t size;
    };
    InterpOptions opt_;
    std::vector<Region> memory_;
};

}  // namespace bdtrace::bpf
