// Register allocation for one IR function: virtual registers onto r0-r9, spilling to the stack.
//
// The scheme, and why:
//  - Liveness over the CFG gives each virtual register one interval (liveness.h). Linear scan
//    assigns registers in order of interval start.
//  - A value live across a call (helper, kfunc or BPF-to-BPF) may only sit in r6-r9: the
//    verifier marks r0-r5 unreadable after every call. Every other value may use any of r0-r9.
//  - Fixed registers are not reserved. Call arguments are moved into r1-r5 just before the call
//    and results out of r0 just after, as parallel moves (parallel_move.h); parameters arrive in
//    r1-r5 and are moved to their registers at entry. Hints steer values into the register they
//    will be moved to (argument k -> r(k+1), call results and returned values -> r0, parameter i
//    -> r(i+1), the destination of a copy -> its source's register) so most moves vanish.
//  - When no register is free, the interval ending last is spilled: it lives in an 8-byte stack
//    slot for its whole life. Every instruction that reads or writes it is rewritten to go
//    through a new short-lived temporary (a reload before, a store after), and allocation runs
//    again; temporaries are never spilled, so this converges. No scratch register is set aside:
//    the temporaries compete like any other value, and an instruction needs at most two.
//    Call arguments, call results, parameters and returned values are read or written straight
//    from or to the slot, with no temporary. The verifier follows pointers and scalar bounds
//    through 8-byte spills of aligned slots, so spilling pointers is safe.
//  - Spill slots whose values are never live at the same time share a slot (a second liveness
//    pass over the slots). The frame is: spill slots just below r10, then the stack objects of
//    alloc_stack(), each at its alignment. More than 512 bytes is an error naming the function.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bpf/ir.h"

namespace bdtrace::bpf {

inline constexpr uint16_t kAllocatableRegs = 0x03ff;    // r0..r9
inline constexpr uint16_t kCalleeSavedRegs = 0x03c0;    // r6..r9
inline constexpr uint16_t kCallClobberedRegs = 0x003f;  // r0..r5

struct Loc {
    enum Kind : uint8_t { None, Reg, Stack };
    Kind kind = None;
    uint8_t reg = 0;
    int16_t off = 0;  // Stack: offset from r10 of the 8-byte spill slot
};

struct Allocation {
    std::vector<Inst> code;           // reachable code, spill loads and stores inserted
    std::vector<Loc> loc;             // by VReg id; the frame pointer is Reg r10
    std::vector<int16_t> object_off;  // by StackSlot id: offset from r10 of the stack object
    uint32_t label_count = 0;
    uint32_t spill_slots = 0;  // 8-byte slots after sharing
    uint32_t spilled_values = 0;
    uint32_t stack_size = 0;  // bytes below r10 used by this function, a multiple of 8
    uint32_t rounds = 0;      // allocation passes; 1 when nothing was spilled
};

// Fails, with `error` naming the function, for misuse the builder recorded, control that can
// run off the end of the function, or a frame larger than 512 bytes.
bool allocate(const Function& f, Allocation& out, std::string& error);

}  // namespace bdtrace::bpf
