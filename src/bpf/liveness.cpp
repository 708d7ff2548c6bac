// Basic blocks, reachability, and backward liveness to a fixed point over bit sets.
#include "bpf/liveness.h"

namespace bdtrace::bpf {

Cfg build_cfg(const std::vector<Inst>& code, uint32_t label_count) {
    Cfg cfg;
    cfg.block_of.assign(code.size(), 0);
    std::vector<uint32_t> label_block(label_count, UINT32_MAX);
    const auto n = static_cast<uint32_t>(code.size());
    for (uint32_t i = 0; i < n; ++i) {
        bool starts = i == 0 || code[i].op == Op::Label || is_terminator(code[i - 1].op);
        if (starts) {
            if (!cfg.blocks.empty()) cfg.blocks.back().last = i - 1;
            cfg.blocks.push_back({i, i, {}, false});
        }
        auto b = static_cast<uint32_t>(cfg.blocks.size() - 1);
        cfg.block_of[i] = b;
        if (code[i].op == Op::Label && code[i].target < label_count)
            label_block[code[i].target] = b;
    }
    if (!cfg.blocks.empty()) cfg.blocks.back().last = n - 1;

    for (uint32_t b = 0; b < cfg.blocks.size(); ++b) {
        Block& blk = cfg.blocks[b];
        const Inst& last = code[blk.last];
        bool next_exists = b + 1 < cfg.blocks.size();
        auto to_label = [&](uint32_t label) {
            if (label < label_count && label_block[label] != UINT32_MAX)
                blk.succ.push_back(label_block[label]);
        };
        if (last.op == Op::Jump) {
            to_label(last.target);
        } else if (last.op == Op::Ret) {
        } else {
            if (last.op == Op::Branch) to_label(last.target);
            if (next_exists)
                blk.succ.push_back(b + 1);
            else
                blk.falls_off_end = true;
        }
    }
    return cfg;
}

std::vector<bool> reachable_blocks(const Cfg& cfg) {
    std::vector<bool> seen(cfg.blocks.size(), false);
    if (cfg.blocks.empty()) return seen;
    std::vector<uint32_t> work{0};
    seen[0] = true;
    while (!work.empty()) {
        uint32_t b = work.back();
        work.pop_back();
        for (uint32_t s : cfg.blocks[b].succ)
            if (!seen[s]) {
                seen[s] = true;
                work.push_back(s);
            }
    }
    return seen;
}

namespace {

class BitSet {
  public:
    explicit BitSet(uint32_t n = 0) : w_((n + 63) / 64, 0) {}
    bool test(uint32_t i) const { return (w_[i / 64] >> (i % 64)) & 1; }
    void set(uint32_t i) { w_[i / 64] |= uint64_t{1} << (i % 64); }
    // this = use | (out & ~def); returns whether it changed.
    bool assign_transfer(const BitSet& use, const BitSet& out, const BitSet& def) {
        bool changed = false;
        for (size_t k = 0; k < w_.size(); ++k) {
            uint64_t v = use.w_[k] | (out.w_[k] & ~def.w_[k]);
            changed |= v != w_[k];
            w_[k] = v;
        }
        return changed;
    }
    void unite(const BitSet& o) {
        for (size_t k = 0; k < w_.size(); ++k) w_[k] |= o.w_[k];
    }
    template <class F>
    void for_each(F&& f) const {
        for (size_t k = 0; k < w_.size(); ++k)
            for (uint64_t v = w_[k]; v; v &= v - 1)
                f(static_cast<uint32_t>(k * 64 + static_cast<size_t>(__builtin_ctzll(v))));
    }

  private:
    std::vector<uint64_t> w_;
};

}  // namespace

std::vector<Interval> live_intervals(const std::vector<Inst>& code, const Cfg& cfg, uint32_t nvars,
                                     const VarVisitor& vars) {
    const size_t nb = cfg.blocks.size();
    std::vector<BitSet> use(nb, BitSet(nvars)), def(nb, BitSet(nvars));
    std::vector<BitSet> in(nb, BitSet(nvars)), out(nb, BitSet(nvars));
    std::vector<Interval> iv(nvars);
    std::vector<VarRef> refs;

    // Local facts, and the positions of every read and write.
    for (size_t b = 0; b < nb; ++b) {
        for (uint32_t i = cfg.blocks[b].first; i <= cfg.blocks[b].last; ++i) {
            refs.clear();
            vars(code[i], refs);
            for (auto [v, role] : refs)
                if (role_uses(role)) {
                    if (!def[b].test(v)) use[b].set(v);
                    iv[v].extend(use_pos(i));
                }
            for (auto [v, role] : refs)
                if (role_defs(role)) {
                    def[b].set(v);
                    iv[v].extend(def_pos(i));
                }
        }
    }

    // Backward data flow; visiting blocks last to first converges quickly on forward code.
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t b = nb; b-- > 0;) {
            for (uint32_t s : cfg.blocks[b].succ) out[b].unite(in[s]);
            changed |= in[b].assign_transfer(use[b], out[b], def[b]);
        }
    }

    for (size_t b = 0; b < nb; ++b) {
        in[b].for_each([&](uint32_t v) { iv[v].extend(use_pos(cfg.blocks[b].first)); });
        out[b].for_each([&](uint32_t v) { iv[v].extend(def_pos(cfg.blocks[b].last)); });
    }
    return iv;
}

}  // namespace bdtrace::bpf
