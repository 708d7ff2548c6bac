// Linear-scan register allocation with spill-everywhere and retry; see regalloc.h for the scheme.
#include "bpf/regalloc.h"

#include <algorithm>
#include <cstdint>

#include "bpf/insn.h"
#include "bpf/liveness.h"

namespace bdtrace::bpf {

namespace {

struct State {
    std::vector<Inst> code;
    uint32_t nv = 0;  // virtual register ids are below this (grows with temporaries)
    uint32_t labels = 0;
    std::vector<bool> in_memory;    // spilled: lives in its slot
    std::vector<bool> unspillable;  // spill temporaries
    std::string fname;

    VReg temp() {
        in_memory.push_back(false);
        unspillable.push_back(true);
        return VReg(nv++);
    }
    bool mem(VReg r) const { return r.valid() && r != kFrameVReg && in_memory[r.id]; }
};

// Drops code no path reaches (the verifier rejects unreachable instructions) and refuses code
// that can run past the end (the verifier wants every path to end in exit).
bool prune_unreachable(State& s, std::string& error) {
    Cfg cfg = build_cfg(s.code, s.labels);
    std::vector<bool> reach = reachable_blocks(cfg);
    for (size_t b = 0; b < cfg.blocks.size(); ++b)
        if (reach[b] && cfg.blocks[b].falls_off_end) {
            error = "function " + s.fname + ": control reaches the end without a return";
            return false;
        }
    std::vector<Inst> kept;
    kept.reserve(s.code.size());
    for (size_t i = 0; i < s.code.size(); ++i)
        if (reach[cfg.block_of[i]]) kept.push_back(std::move(s.code[i]));
    s.code = std::move(kept);
    return true;
}

void register_refs(const State& s, const Inst& i, std::vector<VarRef>& out) {
    auto add = [&](const VReg& r, Role role) {
        if (!s.in_memory[r.id]) out.emplace_back(r.id, role);
    };
    for_each_plain(i, add);
    for_each_boundary(i, add);
}

void slot_refs(const State& s, const Inst& i, std::vector<VarRef>& out) {
    if (i.op == Op::SpillLoad) out.emplace_back(i.mem.id, Role::Use);
    if (i.op == Op::SpillStore) out.emplace_back(i.mem.id, Role::Def);
    for_each_boundary(i, [&](const VReg& r, Role role) {
        if (s.in_memory[r.id]) out.emplace_back(r.id, role);
    });
}

struct Hints {
    std::vector<int8_t> fixed;   // register the value will be moved to or from, or -1
    std::vector<uint32_t> copy;  // a register this one is copied from, or 0
};

Hints compute_hints(const State& s) {
    Hints h{std::vector<int8_t>(s.nv, -1), std::vector<uint32_t>(s.nv, 0)};
    auto set = [&](VReg r, int reg) {
        if (r.valid() && r != kFrameVReg && h.fixed[r.id] < 0)
            h.fixed[r.id] = static_cast<int8_t>(reg);
    };
    for (const Inst& i : s.code) {
        switch (i.op) {
            case Op::Entry:
                for (size_t k = 0; k < i.args.size(); ++k)
                    set(i.args[k].reg, static_cast<int>(k) + 1);
                break;
            case Op::Call:
                for (size_t k = 0; k < i.args.size(); ++k)
                    if (!i.args[k].is_imm) set(i.args[k].reg, static_cast<int>(k) + 1);
                set(i.dst, 0);
                break;
            case Op::Ret:
                if (!i.b_imm) set(i.a, 0);
                break;
            case Op::Mov:
                if (!i.is32 && i.size == 0 && i.a != kFrameVReg && h.copy[i.dst.id] == 0)
                    h.copy[i.dst.id] = i.a.id;
                break;
            default:
                break;
        }
    }
    return h;
}

// Linear scan. Fills reg[] for every register-resident value; returns the values to spill.
std::vector<uint32_t> scan(const State& s, const std::vector<Interval>& iv,
                           std::vector<int8_t>& reg, bool& stuck) {
    std::vector<uint32_t> calls;
    for (uint32_t i = 0; i < s.code.size(); ++i)
        if (s.code[i].op == Op::Call) calls.push_back(i);
    auto crosses_call = [&](const Interval& v) {
        // The first call whose read position is inside the interval; crossing means the value
        // is also live where the call writes.
        auto it = std::lower_bound(calls.begin(), calls.end(), (v.start + 1) / 2);
        for (; it != calls.end() && use_pos(*it) <= v.end; ++it)
            if (def_pos(*it) <= v.end) return true;
        return false;
    };

    Hints hints = compute_hints(s);
    std::vector<uint32_t> order;
    for (uint32_t v = 2; v < s.nv; ++v)
        if (!iv[v].empty() && !s.in_memory[v]) order.push_back(v);
    std::sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) {
        if (iv[x].start != iv[y].start) return iv[x].start < iv[y].start;
        if (s.unspillable[x] != s.unspillable[y]) return static_cast<bool>(s.unspillable[x]);
        return x < y;
    });

    reg.assign(s.nv, -1);
    std::vector<uint32_t> active, spilled;
    uint16_t busy = 0;
    static constexpr int kPreferCallerSaved[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    static constexpr int kCalleeOnly[] = {6, 7, 8, 9};

    for (uint32_t v : order) {
        for (size_t k = 0; k < active.size();) {
            uint32_t u = active[k];
            if (iv[u].end < iv[v].start) {
                busy &= static_cast<uint16_t>(~(1u << reg[u]));
                active[k] = active.back();
                active.pop_back();
            } else {
                ++k;
            }
        }
        bool crossing = crosses_call(iv[v]);
        uint16_t allowed = crossing ? kCalleeSavedRegs : kAllocatableRegs;
        uint16_t free = allowed & static_cast<uint16_t>(~busy);
        int pick = -1;
        if (hints.fixed[v] >= 0 && (free >> hints.fixed[v] & 1)) pick = hints.fixed[v];
        uint32_t src = hints.copy[v];
        if (pick < 0 && src != 0 && src < reg.size() && reg[src] >= 0 && (free >> reg[src] & 1))
            pick = reg[src];
        if (pick < 0) {
            if (crossing) {
                for (int r : kCalleeOnly)
                    if (free >> r & 1) {
                        pick = r;
                        break;
                    }
            } else {
                for (int r : kPreferCallerSaved)
                    if (free >> r & 1) {
                        pick = r;
                        break;
                    }
            }
        }
        if (pick >= 0) {
            reg[v] = static_cast<int8_t>(pick);
            busy |= static_cast<uint16_t>(1u << pick);
            active.push_back(v);
            continue;
        }
        // Nothing free: spill whichever of v and the active values it could displace ends last.
        int victim_k = -1;
        for (size_t k = 0; k < active.size(); ++k) {
            uint32_t u = active[k];
            if (s.unspillable[u] || !(allowed >> reg[u] & 1)) continue;
            if (victim_k < 0 || iv[u].end > iv[active[victim_k]].end)
                victim_k = static_cast<int>(k);
        }
        if (!s.unspillable[v] && (victim_k < 0 || iv[v].end >= iv[active[victim_k]].end)) {
            spilled.push_back(v);
        } else if (victim_k >= 0) {
            uint32_t u = active[victim_k];
            spilled.push_back(u);
            reg[v] = reg[u];
            reg[u] = -1;
            active[victim_k] = v;
        } else {
            stuck = true;  // only temporaries hold registers; cannot happen with 10 registers
            return spilled;
        }
    }
    return spilled;
}

// Rewrites every plain use and definition of a spilled value through a fresh temporary.
void rewrite_spills(State& s) {
    std::vector<Inst> out;
    out.reserve(s.code.size() * 2);
    auto spill_load = [&](VReg dst, VReg from, uint32_t note) {
        Inst& i = out.emplace_back();
        i.op = Op::SpillLoad;
        i.dst = dst;
        i.mem = from;
        i.note = note;
    };
    auto spill_store = [&](VReg to, VReg src, uint32_t note) {
        Inst& i = out.emplace_back();
        i.op = Op::SpillStore;
        i.mem = to;
        i.a = src;
        i.note = note;
    };
    for (Inst& i : s.code) {
        // Copies to or from a spilled value become a single reload or store.
        bool plain_copy = i.op == Op::Mov && !i.is32 && i.size == 0 && i.a != kFrameVReg;
        if (plain_copy && (s.mem(i.a) || s.mem(i.dst))) {
            if (!s.mem(i.dst)) {
                spill_load(i.dst, i.a, i.note);
            } else if (!s.mem(i.a)) {
                spill_store(i.dst, i.a, i.note);
            } else {
                VReg t = s.temp();
                spill_load(t, i.a, i.note);
                spill_store(i.dst, t, i.note);
            }
            continue;
        }
        // A constant for a spilled value is stored straight into its slot. (Kernels since 6.3
        // track such a constant as precisely as a spilled register; older ones see an unknown
        // scalar, which is still a valid value.)
        if (i.op == Op::MovImm && s.mem(i.dst) && i.imm >= INT32_MIN && i.imm <= INT32_MAX) {
            Inst& st = out.emplace_back();
            st.op = Op::SpillStore;
            st.mem = i.dst;
            st.b_imm = true;
            st.imm = i.imm;
            st.note = i.note;
            continue;
        }
        if (i.op == Op::SpillLoad && s.mem(i.dst)) {
            VReg t = s.temp();
            spill_load(t, i.mem, i.note);
            spill_store(i.dst, t, i.note);
            continue;
        }
        if (i.op == Op::SpillStore && !i.b_imm && s.mem(i.a)) {
            VReg t = s.temp();
            spill_load(t, i.a, i.note);
            spill_store(i.mem, t, i.note);
            continue;
        }
        struct Sub {
            VReg orig, tmp;
            bool loaded = false, stored = false;
        };
        Sub subs[3];
        int nsubs = 0;
        std::vector<Inst> after;
        for_each_plain(i, [&](VReg& r, Role role) {
            if (!s.mem(r)) return;
            Sub* sub = nullptr;
            for (int k = 0; k < nsubs; ++k)
                if (subs[k].orig == r) sub = &subs[k];
            if (!sub) {
                sub = &subs[nsubs++];
                sub->orig = r;
                sub->tmp = s.temp();
            }
            if (role_uses(role) && !sub->loaded) {
                sub->loaded = true;
                spill_load(sub->tmp, r, i.note);
            }
            if (role_defs(role) && !sub->stored) {
                sub->stored = true;
                Inst& st = after.emplace_back();
                st.op = Op::SpillStore;
                st.mem = r;
                st.a = sub->tmp;
                st.note = i.note;
            }
            r = sub->tmp;
        });
        out.push_back(std::move(i));
        for (Inst& st : after) out.push_back(std::move(st));
    }
    s.code = std::move(out);
}

// Shares 8-byte slots between spilled values that are never live together; returns the slot
// index of each spilled value and the number of slots.
uint32_t assign_slots(const State& s, std::vector<uint32_t>& slot_of) {
    Cfg cfg = build_cfg(s.code, s.labels);
    auto iv = live_intervals(
        s.code, cfg, s.nv, [&](const Inst& i, std::vector<VarRef>& out) { slot_refs(s, i, out); });
    std::vector<uint32_t> order;
    for (uint32_t v = 2; v < s.nv; ++v)
        if (s.in_memory[v] && !iv[v].empty()) order.push_back(v);
    std::sort(order.begin(), order.end(),
              [&](uint32_t x, uint32_t y) { return iv[x].start < iv[y].start; });
    slot_of.assign(s.nv, UINT32_MAX);
    std::vector<uint32_t> slot_end;  // last position of the value now in each slot
    for (uint32_t v : order) {
        uint32_t k = 0;
        while (k < slot_end.size() && slot_end[k] >= iv[v].start) ++k;
        if (k == slot_end.size()) slot_end.push_back(0);
        slot_end[k] = iv[v].end;
        slot_of[v] = k;
    }
    return static_cast<uint32_t>(slot_end.size());
}

bool layout_frame(const Function& f, uint32_t nslots, Allocation& out, std::string& error) {
    uint32_t depth = 8 * nslots;
    out.object_off.clear();
    for (const StackObject& o : f.stack_objects()) {
        depth = (depth + o.size + o.align - 1) / o.align * o.align;
        out.object_off.push_back(
            depth > 0x7fff ? 0 : static_cast<int16_t>(-static_cast<int32_t>(depth)));
    }
    depth = (depth + 7) / 8 * 8;
    out.spill_slots = nslots;
    out.stack_size = depth;
    if (depth > static_cast<uint32_t>(kMaxStack)) {
        error = "function " + f.name() + " needs " + std::to_string(depth) + " bytes of stack (" +
                std::to_string(8 * nslots) + " for spilled values), more than the " +
                std::to_string(kMaxStack) + " bytes BPF allows";
        return false;
    }
    return true;
}

}  // namespace

bool allocate(const Function& f, Allocation& out, std::string& error) {
    if (!f.error().empty()) {
        error = f.error();
        return false;
    }
    State s;
    s.code = f.insts();
    s.nv = f.vreg_count();
    s.labels = f.label_count();
    s.fname = f.name();
    s.in_memory.assign(s.nv, false);
    s.unspillable.assign(s.nv, false);
    if (!prune_unreachable(s, error)) return false;

    std::vector<int8_t> reg;
    out.spilled_values = 0;
    for (out.rounds = 1;; ++out.rounds) {
        Cfg cfg = build_cfg(s.code, s.labels);
        auto iv = live_intervals(s.code, cfg, s.nv, [&](const Inst& i, std::vector<VarRef>& refs) {
            register_refs(s, i, refs);
        });
        bool stuck = false;
        std::vector<uint32_t> spilled = scan(s, iv, reg, stuck);
        if (stuck || out.rounds > f.vreg_count() + 2) {
            error = "function " + s.fname + ": register allocation failed (internal error)";
            return false;
        }
        if (spilled.empty()) break;
        for (uint32_t v : spilled) s.in_memory[v] = true;
        out.spilled_values += static_cast<uint32_t>(spilled.size());
        rewrite_spills(s);
    }

    std::vector<uint32_t> slot_of;
    uint32_t nslots = assign_slots(s, slot_of);
    if (!layout_frame(f, nslots, out, error)) return false;

    out.loc.assign(s.nv, Loc{});
    out.loc[kFrameVReg.id] = Loc{Loc::Reg, kR10, 0};
    for (uint32_t v = 2; v < s.nv; ++v) {
        if (s.in_memory[v] && slot_of[v] != UINT32_MAX)
            out.loc[v] =
                Loc{Loc::Stack, 0, static_cast<int16_t>(-8 * static_cast<int32_t>(slot_of[v] + 1))};
        else if (!s.in_memory[v] && reg[v] >= 0)
            out.loc[v] = Loc{Loc::Reg, static_cast<uint8_t>(reg[v]), 0};
    }
    out.code = std::move(s.code);
    out.label_count = s.labels;
    return true;
}

}  // namespace bdtrace::bpf
