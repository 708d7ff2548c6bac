// Which virtual registers an IR instruction reads and writes: the one table that liveness, the
// spill rewriter and the emitter agree on.
//
// Operands come in two kinds:
//  - plain operands must be in a physical register when the instruction executes;
//  - boundary operands (Entry parameters, call arguments and results, the returned value) are
//    moved to or from fixed registers around the instruction, so a spilled value can be read or
//    written there straight from its stack slot without a scratch register.
// Neither visitor reports the frame pointer or absent registers.
#pragma once

#include "bpf/ir.h"

namespace bdtrace::bpf {

enum class Role : uint8_t { Use, Def, UseDef };

inline bool role_uses(Role r) {
    return r != Role::Def;
}
inline bool role_defs(Role r) {
    return r != Role::Use;
}

// f(VReg& reg, Role role) for each plain operand; `I` is Inst or const Inst.
template <class I, class F>
void for_each_plain(I& i, F&& f) {
    auto visit = [&](auto& r, Role role) {
        if (r.valid() && r != kFrameVReg) f(r, role);
    };
    switch (i.op) {
        case Op::Mov:
            visit(i.a, Role::Use);
            visit(i.dst, Role::Def);
            break;
        case Op::MovImm:
        case Op::LoadImm64:
        case Op::LoadMap:
        case Op::AddrOf:
        case Op::SpillLoad:
            visit(i.dst, Role::Def);
            break;
        case Op::Alu:
            visit(i.a, Role::Use);
            visit(i.dst, Role::UseDef);
            break;
        case Op::Neg:
        case Op::Bswap:
            visit(i.dst, Role::UseDef);
            break;
        case Op::Load:
            visit(i.a, Role::Use);
            visit(i.dst, Role::Def);
            break;
        case Op::Store:
        case Op::Branch:
            visit(i.a, Role::Use);
            visit(i.b, Role::Use);
            break;
        case Op::Atomic:
            visit(i.a, Role::Use);
            visit(i.b, atomic_fetches(static_cast<AtomicOp>(i.sub)) ? Role::UseDef : Role::Use);
            break;
        case Op::SpillStore:
            visit(i.a, Role::Use);
            break;
        case Op::Entry:
        case Op::Call:
        case Op::Ret:
        case Op::Jump:
        case Op::Label:
            break;
    }
}

// f(VReg& reg, Role role) for each boundary operand.
template <class I, class F>
void for_each_boundary(I& i, F&& f) {
    auto visit = [&](auto& r, Role role) {
        if (r.valid() && r != kFrameVReg) f(r, role);
    };
    switch (i.op) {
        case Op::Entry:
            for (auto& a : i.args) visit(a.reg, Role::Def);
            break;
        case Op::Call:
            for (auto& a : i.args)
                if (!a.is_imm) visit(a.reg, Role::Use);
            visit(i.dst, Role::Def);
            break;
        case Op::Ret:
            if (!i.b_imm) visit(i.a, Role::Use);
            break;
        default:
            break;
    }
}

inline bool is_terminator(Op op) {
    return op == Op::Jump || op == Op::Branch || op == Op::Ret;
}

}  // namespace bdtrace::bpf
