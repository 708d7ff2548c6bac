// What the string subroutine files (gen_subr_*.cpp) share: loops over the bytes of a string.
//
// A string is a pointer to a buffer of Gen::strsize bytes (D's strsize characters and a NUL) in
// a map value. A scan is one bpf_loop whose callback reads its state from a context in the
// clause's stack (string_loop_area) and reads and writes the bytes directly, each index checked
// against the buffer size first. The kernel verifies such a callback as a loop: it goes round
// until the callback's starting state repeats. The context's numbers therefore start as values
// the verifier cannot see (opaque()), so that a counter does not make every round a new state:
// two rounds suffice, whatever strsize is.
#pragma once

#include <functional>

#include "codegen/gen.h"

namespace bdtrace::codegen::strsubr {

// Bytes of the shared context area: twelve 8-byte fields.
inline constexpr uint32_t kCtxFields = 12;

// v, stored to and read back from the scratch map: the same number, unknown to the verifier.
bpf::VReg opaque(ClauseGen& cg, bpf::Operand v);

// The clause's side of a loop context: fields are 8 bytes each, numbered from 0.
class Ctx {
public:
    explicit Ctx(ClauseGen& cg);
    void ptr(int field, bpf::VReg p);        // a pointer, kept as the verifier knows it
    void num(int field, bpf::Operand v);     // a number, made opaque
    bpf::VReg get(int field);                // after the loop
    // Runs callback `cb` `count` times at most (it returns 1 to stop early).
    void run(bpf::FunctionId cb, bpf::Operand count);

private:
    ClauseGen& cg_;
    bpf::StackSlot slot_;
};

// The callback's side: fn(index, ctx).
struct Body {
    bpf::Function& f;
    bpf::VReg index, ctx;
    uint32_t bytes;       // Gen::strsize: a string buffer's size
    bpf::Label stop;      // returns 1: the loop ends (reach it with end(), byte() or put())
    bool stops = false;   // something jumps to stop
    bpf::VReg field(int i);
    void set(int i, bpf::Operand v);
    // base[idx] (zero-extended); an index past the buffer ends the loop.
    bpf::VReg byte(bpf::VReg base, bpf::VReg idx);
    void put(bpf::VReg base, bpf::VReg idx, bpf::Operand c);
    bpf::VReg imm(int64_t v);  // a fresh register holding v
    void next() { f.ret(0); }  // on to the next round
    void end() {               // the loop ends
        stops = true;
        f.jump(stop);
    }
};

// A new callback of the program being built; `build` emits its body, which ends every path
// with next() or end().
bpf::FunctionId callback(ClauseGen& cg, const char* name, const std::function<void(Body&)>& build);

// strlen(s): the index of the first NUL, at most strsize.
bpf::VReg string_length(ClauseGen& cg, bpf::VReg s);

// Copies at most `max` characters of the string at `src` (a kernel address) to the buffer `dst`
// and NUL-terminates it. `max` must be within [0, strsize] for the verifier; it is clamped.
void copy_prefix(ClauseGen& cg, bpf::VReg dst, bpf::VReg src, bpf::VReg max);

// The string at s + at (at most size characters) into `d`, returning d, or NULL (0) when at < 0:
// what strstr(), strchr() and strrchr() give once the search has found (or not found) its position.
bpf::VReg copy_tail_or_null(ClauseGen& cg, bpf::VReg d, bpf::VReg s, bpf::VReg at, int64_t size);

// Clamps a register into [0, hi] (signed below, unsigned above), so the verifier knows its range.
void clamp(bpf::Function& f, bpf::VReg r, int64_t hi);

// Per-file lowering (each returns the result register).
bpf::VReg lower_search(ClauseGen& cg, const sema::Node& n);   // strstr, index, rindex
bpf::VReg lower_strtok(ClauseGen& cg, const sema::Node& n);
bpf::VReg lower_path(ClauseGen& cg, const sema::Node& n);     // basename, dirname, cleanpath
bpf::VReg lower_number(ClauseGen& cg, const sema::Node& n);   // lltostr, strtoll
bpf::VReg lower_inet(ClauseGen& cg, const sema::Node& n);     // inet_ntoa, inet_ntoa6, inet_ntop

}  // namespace bdtrace::codegen::strsubr
