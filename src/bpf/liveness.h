// Control-flow graph and liveness of one function's IR, summarised as one live interval per
// variable over the linear instruction order (forward and backward jumps included).
//
// Positions: instruction i reads its operands at 2i and writes its results at 2i+1, so a value
// whose last use is instruction i and a value that i defines may share a register. A variable's
// interval is the smallest range holding every position where it is live; holes are not kept.
//
// The variables are whatever the caller's visitor reports: virtual registers for register
// allocation, spilled values for stack slot sharing.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "bpf/operands.h"

namespace bdtrace::bpf {

struct Block {
    uint32_t first = 0;  // instruction indices, inclusive
    uint32_t last = 0;
    std::vector<uint32_t> succ;
    bool falls_off_end = false;  // control can run past the function's last instruction
};

struct Cfg {
    std::vector<Block> blocks;
    std::vector<uint32_t> block_of;  // by instruction
};

// Blocks start at the first instruction, at each Label and after each Jump/Branch/Ret.
Cfg build_cfg(const std::vector<Inst>& code, uint32_t label_count);

// Blocks reachable from the first one.
std::vector<bool> reachable_blocks(const Cfg& cfg);

inline uint32_t use_pos(uint32_t insn) {
    return 2 * insn;
}
inline uint32_t def_pos(uint32_t insn) {
    return 2 * insn + 1;
}

struct Interval {
    uint32_t start = UINT32_MAX;
    uint32_t end = 0;
    bool empty() const { return start == UINT32_MAX; }
    bool covers(uint32_t pos) const { return start <= pos && pos <= end; }
    void extend(uint32_t pos) {
        if (pos < start) start = pos;
        if (pos > end) end = pos;
    }
};

using VarRef = std::pair<uint32_t, Role>;
// Appends the variables an instruction reads and writes.
using VarVisitor = std::function<void(const Inst&, std::vector<VarRef>&)>;

// Live intervals of variables 0..nvars-1; empty for a variable that never occurs.
std::vector<Interval> live_intervals(const std::vector<Inst>& code, const Cfg& cfg, uint32_t nvars,
                                     const VarVisitor& vars);

}  // namespace bdtrace::bpf
