// Sequencing a set of moves that must happen "at once": call arguments into r1-r5, incoming
// parameters out of r1-r5. Sources may be registers, 8-byte spill slots or immediates;
// destinations are registers or spill slots.
//
// Order: stores to slots first (they only read registers), then register-to-register moves in an
// order where no source is overwritten before it is read, then loads from slots and immediates
// (they read no register). A cycle of register moves (r1 <-> r2) is broken through a scratch
// register that holds nothing needed: not a pending source, not a destination, not in `avoid`.
// XOR swaps would need no scratch, but the verifier forbids XOR on pointers.
#pragma once

#include <cstdint>
#include <vector>

#include "bpf/insn.h"

namespace bdtrace::bpf {

struct MoveLoc {
    enum Kind : uint8_t { Reg, Stack, Imm };
    Kind kind = Reg;
    uint8_t reg = 0;
    int16_t off = 0;  // Stack: offset from r10
    int64_t imm = 0;

    static MoveLoc in_reg(uint8_t r) { return {Reg, r, 0, 0}; }
    static MoveLoc on_stack(int16_t off) { return {Stack, 0, off, 0}; }
    static MoveLoc constant(int64_t v) { return {Imm, 0, 0, v}; }
};

struct Move {
    MoveLoc dst;
    MoveLoc src;
};

// Appends the instructions performing all `moves` simultaneously. `avoid` is a mask of registers
// holding values that must survive (they are never used as scratch). Returns false when a cycle
// needs a scratch register and none is free, or for an immediate or slot stored to a slot.
bool sequence_moves(std::vector<Move> moves, uint16_t avoid, std::vector<Insn>& out);

// dst = imm in the fewest instructions: a sign-extended 32-bit mov, a zero-extending 32-bit mov
// for values in [2^31, 2^32), else LD_IMM64.
void append_mov_imm(std::vector<Insn>& out, uint8_t dst, int64_t imm);

}  // namespace bdtrace::bpf
