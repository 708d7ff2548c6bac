// Parallel move sequencing; see parallel_move.h.
#include "bpf/parallel_move.h"

#include <cstddef>
#include <limits>

namespace bdtrace::bpf {

void append_mov_imm(std::vector<Insn>& out, uint8_t dst, int64_t imm) {
    if (imm >= std::numeric_limits<int32_t>::min() && imm <= std::numeric_limits<int32_t>::max()) {
        out.push_back(mov64_imm(dst, static_cast<int32_t>(imm)));
    } else if (imm > 0 && imm <= std::numeric_limits<uint32_t>::max()) {
        // 32-bit ALU results are zero-extended, so w = imm yields 0x00000000_8xxxxxxx.
        out.push_back(mov32_imm(dst, static_cast<int32_t>(static_cast<uint32_t>(imm))));
    } else {
        auto pair = ld_imm64(dst, 0, static_cast<uint64_t>(imm));
        out.push_back(pair[0]);
        out.push_back(pair[1]);
    }
}

bool sequence_moves(std::vector<Move> moves, uint16_t avoid, std::vector<Insn>& out) {
    std::vector<Move> regs, late;
    for (const Move& m : moves) {
        if (m.dst.kind == MoveLoc::Stack) {
            if (m.src.kind != MoveLoc::Reg) return false;
            out.push_back(stx(kSizeDW, kR10, m.src.reg, m.dst.off));
        } else if (m.src.kind == MoveLoc::Reg) {
            if (m.src.reg != m.dst.reg) regs.push_back(m);
        } else {
            late.push_back(m);
        }
    }

    uint16_t dsts = 0;
    for (const Move& m : moves)
        if (m.dst.kind == MoveLoc::Reg) dsts |= static_cast<uint16_t>(1u << m.dst.reg);

    while (!regs.empty()) {
        auto is_pending_src = [&](uint8_t r) {
            for (const Move& m : regs)
                if (m.src.reg == r) return true;
            return false;
        };
        bool progress = false;
        for (size_t k = 0; k < regs.size();) {
            if (!is_pending_src(regs[k].dst.reg)) {
                out.push_back(mov64_reg(regs[k].dst.reg, regs[k].src.reg));
                regs.erase(regs.begin() + static_cast<long>(k));
                progress = true;
            } else {
                ++k;
            }
        }
        if (progress) continue;
        // Only cycles remain. Park one destination's current value in a scratch register and
        // let the moves that read it read the scratch instead.
        uint16_t blocked = avoid | dsts | static_cast<uint16_t>(1u << kR10);
        for (const Move& m : regs) blocked |= static_cast<uint16_t>(1u << m.src.reg);
        int scratch = -1;
        for (int r = 0; r <= 9; ++r)
            if (!(blocked >> r & 1)) {
                scratch = r;
                break;
            }
        if (scratch < 0) return false;
        uint8_t parked = regs.front().dst.reg;
        out.push_back(mov64_reg(static_cast<uint8_t>(scratch), parked));
        for (Move& m : regs)
            if (m.src.reg == parked) m.src.reg = static_cast<uint8_t>(scratch);
    }

    for (const Move& m : late) {
        if (m.src.kind == MoveLoc::Stack)
            out.push_back(ldx(kSizeDW, m.dst.reg, kR10, m.src.off));
        else
            append_mov_imm(out, m.dst.reg, m.src.imm);
    }
    return true;
}

}  // namespace bdtrace::bpf
