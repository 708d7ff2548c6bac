// Instruction selection for allocated IR: nearly one-to-one, since the IR is BPF's own
// two-address form; the work is in operand locations and the moves at function boundaries.
#include "bpf/emit.h"

#include <limits>

#include "bpf/parallel_move.h"

namespace bdtrace::bpf {

namespace {

uint8_t alu_code(AluOp op, int16_t& off) {
    off = 0;
    switch (op) {
        case AluOp::Add:
            return kAluAdd;
        case AluOp::Sub:
            return kAluSub;
        case AluOp::Mul:
            return kAluMul;
        case AluOp::Div:
            return kAluDiv;
        case AluOp::Or:
            return kAluOr;
        case AluOp::And:
            return kAluAnd;
        case AluOp::Lsh:
            return kAluLsh;
        case AluOp::Rsh:
            return kAluRsh;
        case AluOp::Mod:
            return kAluMod;
        case AluOp::Xor:
            return kAluXor;
        case AluOp::Arsh:
            return kAluArsh;
        case AluOp::SDiv:
            off = 1;
            return kAluDiv;
        case AluOp::SMod:
            off = 1;
            return kAluMod;
    }
    return kAluAdd;
}

uint8_t jmp_code(Cond c) {
    switch (c) {
        case Cond::Eq:
            return kJmpJeq;
        case Cond::Ne:
            return kJmpJne;
        case Cond::Gt:
            return kJmpJgt;
        case Cond::Ge:
            return kJmpJge;
        case Cond::Lt:
            return kJmpJlt;
        case Cond::Le:
            return kJmpJle;
        case Cond::Sgt:
            return kJmpJsgt;
        case Cond::Sge:
            return kJmpJsge;
        case Cond::Slt:
            return kJmpJslt;
        case Cond::Sle:
            return kJmpJsle;
        case Cond::Set:
            return kJmpJset;
    }
    return kJmpJeq;
}

int32_t atomic_code(AtomicOp op) {
    switch (op) {
        case AtomicOp::Add:
            return kAtomicAdd;
        case AtomicOp::Or:
            return kAtomicOr;
        case AtomicOp::And:
            return kAtomicAnd;
        case AtomicOp::Xor:
            return kAtomicXor;
        case AtomicOp::FetchAdd:
            return kAtomicAdd | kAtomicFetch;
        case AtomicOp::FetchOr:
            return kAtomicOr | kAtomicFetch;
        case AtomicOp::FetchAnd:
            return kAtomicAnd | kAtomicFetch;
        case AtomicOp::FetchXor:
            return kAtomicXor | kAtomicFetch;
        case AtomicOp::Xchg:
            return kAtomicXchg;
    }
    return kAtomicAdd;
}

class Emitter {
  public:
    Emitter(const Function& f, const Allocation& a, EmittedFunction& out, std::string& error)
        : f_(f), a_(a), out_(out), error_(error), label_pos_(a.label_count, UINT32_MAX) {}

    bool run() {
        const auto& code = a_.code;
        for (size_t k = 0; k < code.size() && error_.empty(); ++k) {
            note_ = code[k].note;
            if (code[k].op == Op::Jump && falls_into(k, code[k].target)) continue;
            one(code[k]);
        }
        if (!error_.empty()) return false;
        for (const auto& [insn, label] : jumps_) {
            if (label >= label_pos_.size() || label_pos_[label] == UINT32_MAX)
                return fail("jump to label " + std::to_string(label) + ", which is never bound");
            int64_t rel =
                static_cast<int64_t>(label_pos_[label]) - (static_cast<int64_t>(insn) + 1);
            if (rel < std::numeric_limits<int16_t>::min() ||
                rel > std::numeric_limits<int16_t>::max())
                return fail("a jump of " + std::to_string(rel) +
                            " instructions, beyond BPF's 16-bit offsets");
            out_.insns[insn].off = static_cast<int16_t>(rel);
        }
        return true;
    }

  private:
    bool fail(const std::string& msg) {
        if (error_.empty()) error_ = "function " + f_.name() + ": " + msg;
        return false;
    }

    void put(const Insn& i) {
        if (i.code == (kClassStx | kModeMem | kSizeDW) && i.dst == kR10) last_spill_ = here();
        out_.insns.push_back(i);
        out_.note.push_back(note_);
    }
    void put_all(const std::vector<Insn>& v) {
        for (const Insn& i : v) put(i);
    }
    uint32_t here() const { return static_cast<uint32_t>(out_.insns.size()); }

    // A jump straight to the label that follows it (maybe after other labels) is dropped.
    bool falls_into(size_t k, uint32_t label) const {
        for (size_t j = k + 1; j < a_.code.size() && a_.code[j].op == Op::Label; ++j)
            if (a_.code[j].target == label) return true;
        return false;
    }

    uint8_t reg(VReg v) {
        const Loc& l = a_.loc[v.id];
        if (l.kind != Loc::Reg) {
            fail("internal error: value " + std::to_string(v.id) + " has no register");
            return 0;
        }
        return l.reg;
    }

    MoveLoc where(VReg v) {
        const Loc& l = a_.loc[v.id];
        if (l.kind == Loc::Stack) return MoveLoc::on_stack(l.off);
        return MoveLoc::in_reg(reg(v));
    }

    // Base register and offset of a memory operand: a register, or a stack object via r10.
    bool address(const Inst& i, uint8_t& base, int16_t& off) {
        int64_t o = i.off;
        if (i.slot != kNoSlot) {
            const StackObject& obj = f_.stack_objects()[i.slot];
            if (o < 0 || o + i.size > obj.size)
                return fail("access of " + std::to_string(i.size) + " bytes at offset " +
                            std::to_string(o) + " of a " + std::to_string(obj.size) +
                            "-byte stack object");
            base = kR10;
            o += a_.object_off[i.slot];
        } else {
            base = reg(i.a);
        }
        if (o < std::numeric_limits<int16_t>::min() || o > std::numeric_limits<int16_t>::max())
            return fail("memory offset " + std::to_string(o) + " does not fit 16 bits");
        off = static_cast<int16_t>(o);
        return true;
    }

    void moves(std::vector<Move> m, uint16_t avoid) {
        std::vector<Insn> seq;
        if (!sequence_moves(std::move(m), avoid, seq))
            fail("internal error: cannot sequence a parallel move");
        put_all(seq);
    }

    void call(const Inst& i) {
        std::vector<Move> m;
        for (size_t k = 0; k < i.args.size(); ++k) {
            auto dst = MoveLoc::in_reg(static_cast<uint8_t>(k + 1));
            const Operand& arg = i.args[k];
            m.push_back({dst, arg.is_imm ? MoveLoc::constant(arg.imm) : where(arg.reg)});
        }
        // Values that survive the call are in r6-r9; r0 and the unused argument registers are
        // free to break a cycle.
        moves(std::move(m), kCalleeSavedRegs);
        switch (static_cast<CallKind>(i.sub)) {
            case CallKind::Helper:
                put(call_helper(static_cast<int32_t>(i.target)));
                break;
            case CallKind::Kfunc:
                put(call_kfunc(static_cast<int32_t>(i.target)));
                break;
            case CallKind::Local:
                out_.calls.push_back({here(), i.target});
                put(call_local(0));
                break;
        }
        const Loc& r = a_.loc[i.dst.id];
        if (r.kind == Loc::Stack)
            put(stx(kSizeDW, kR10, kR0, r.off));
        else if (r.kind == Loc::Reg && r.reg != kR0)
            put(mov64_reg(r.reg, kR0));
    }

    void one(const Inst& i);

    const Function& f_;
    const Allocation& a_;
    EmittedFunction& out_;
    std::string& error_;
    std::vector<uint32_t> label_pos_;
    std::vector<std::pair<uint32_t, uint32_t>> jumps_;  // (instruction, label)
    uint32_t note_ = 0;
    uint32_t last_spill_ = UINT32_MAX;  // index of the latest spill store, for reload elision
};

void Emitter::one(const Inst& i) {
    uint8_t base = 0;
    int16_t off = 0;
    switch (i.op) {
        case Op::Entry: {
            std::vector<Move> m;
            for (size_t k = 0; k < i.args.size(); ++k)
                if (i.args[k].reg.valid() && a_.loc[i.args[k].reg.id].kind != Loc::None)
                    m.push_back(
                        {where(i.args[k].reg), MoveLoc::in_reg(static_cast<uint8_t>(k + 1))});
            moves(std::move(m), 0);
            break;
        }
        case Op::Mov:
            if (i.is32)
                put(mov32_reg(reg(i.dst), reg(i.a)));
            else if (i.size != 0)
                put(movsx64(reg(i.dst), reg(i.a), i.size * 8));
            else if (reg(i.dst) != reg(i.a))
                put(mov64_reg(reg(i.dst), reg(i.a)));
            break;
        case Op::MovImm: {
            std::vector<Insn> seq;
            append_mov_imm(seq, reg(i.dst), i.imm);
            put_all(seq);
            break;
        }
        case Op::Alu: {
            uint8_t code = alu_code(static_cast<AluOp>(i.sub), off);
            if (i.a.valid())
                put(i.is32 ? alu32_reg(code, reg(i.dst), reg(i.a), off)
                           : alu64_reg(code, reg(i.dst), reg(i.a), off));
            else
                put(i.is32 ? alu32_imm(code, reg(i.dst), static_cast<int32_t>(i.imm), off)
                           : alu64_imm(code, reg(i.dst), static_cast<int32_t>(i.imm), off));
            break;
        }
        case Op::Neg:
            put(i.is32 ? neg32(reg(i.dst)) : neg64(reg(i.dst)));
            break;
        case Op::Bswap:
            put(endian(reg(i.dst), i.size * 8, i.flag));
            break;
        case Op::LoadImm64: {
            auto pair = ld_imm64(reg(i.dst), 0, static_cast<uint64_t>(i.imm));
            put(pair[0]);
            put(pair[1]);
            break;
        }
        case Op::LoadMap: {
            auto kind = static_cast<MapLoad>(i.sub);
            if (kind == MapLoad::Func) {
                // The offset is linked like a call's: relative to the next instruction.
                auto pair = ld_imm64(reg(i.dst), kPseudoFunc, 0);
                out_.calls.push_back({here(), i.target});
                put(pair[0]);
                put(pair[1]);
                break;
            }
            uint64_t v = i.target;
            if (kind == MapLoad::Value)
                v |= static_cast<uint64_t>(static_cast<uint32_t>(i.off)) << 32;
            auto pair =
                ld_imm64(reg(i.dst), kind == MapLoad::Fd ? kPseudoMapFd : kPseudoMapValue, v);
            out_.maps.push_back({here(), i.target, kind});
            put(pair[0]);
            put(pair[1]);
            break;
        }
        case Op::Load:
            if (!address(i, base, off)) break;
            put(i.flag ? ldx_sx(size_code(i.size), reg(i.dst), base, off)
                       : ldx(size_code(i.size), reg(i.dst), base, off));
            break;
        case Op::Store:
            if (!address(i, base, off)) break;
            if (i.b_imm)
                put(st(size_code(i.size), base, off, static_cast<int32_t>(i.imm)));
            else
                put(stx(size_code(i.size), base, reg(i.b), off));
            break;
        case Op::Atomic:
            put(atomic(size_code(i.size), atomic_code(static_cast<AtomicOp>(i.sub)), reg(i.a),
                       reg(i.b), static_cast<int16_t>(i.off)));
            break;
        case Op::AddrOf: {
            const StackObject& obj = f_.stack_objects()[i.slot];
            if (i.off < 0 || static_cast<uint32_t>(i.off) > obj.size) {
                fail("address at offset " + std::to_string(i.off) + " of a " +
                     std::to_string(obj.size) + "-byte stack object");
                break;
            }
            // The one arithmetic the verifier accepts on the frame pointer: copy it, then add.
            uint8_t d = reg(i.dst);
            put(mov64_reg(d, kR10));
            put(alu64_imm(kAluAdd, d, a_.object_off[i.slot] + i.off));
            break;
        }
        case Op::Call:
            call(i);
            break;
        case Op::Jump:
            jumps_.emplace_back(here(), i.target);
            put(ja(0));
            break;
        case Op::Branch: {
            uint8_t code = jmp_code(static_cast<Cond>(i.sub));
            jumps_.emplace_back(here(), i.target);
            if (i.b_imm)
                put(jmp_imm(code, reg(i.a), static_cast<int32_t>(i.imm), 0, i.is32));
            else
                put(jmp_reg(code, reg(i.a), reg(i.b), 0, i.is32));
            break;
        }
        case Op::Ret: {
            std::vector<Move> m;
            m.push_back({MoveLoc::in_reg(kR0), i.b_imm ? MoveLoc::constant(i.imm) : where(i.a)});
            moves(std::move(m), 0);
            put(exit_insn());
            break;
        }
        case Op::Label:
            if (i.target < label_pos_.size()) label_pos_[i.target] = here();
            last_spill_ = UINT32_MAX;  // a jump may land here with other slot contents in registers
            break;
        case Op::SpillLoad: {
            int16_t slot = a_.loc[i.mem.id].off;
            // Reloading what the previous instruction stored: the value is still in its register.
            if (last_spill_ + 1 == here() && out_.insns[last_spill_].off == slot) {
                uint8_t held = out_.insns[last_spill_].src;
                if (held != reg(i.dst)) put(mov64_reg(reg(i.dst), held));
                break;
            }
            put(ldx(kSizeDW, reg(i.dst), kR10, slot));
            break;
        }
        case Op::SpillStore:
            if (i.b_imm) {
                put(st(kSizeDW, kR10, a_.loc[i.mem.id].off, static_cast<int32_t>(i.imm)));
            } else {
                put(stx(kSizeDW, kR10, reg(i.a), a_.loc[i.mem.id].off));
            }
            break;
    }
}

}  // namespace

bool emit_function(const Function& f, const Allocation& a, EmittedFunction& out,
                   std::string& error) {
    out = EmittedFunction{};
    return Emitter(f, a, out, error).run();
}

}  // namespace bdtrace::bpf
