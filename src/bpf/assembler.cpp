// Program layout and linking; see assembler.h.
#include "bpf/assembler.h"

#include <algorithm>

#include "bpf/emit.h"
#include "bpf/regalloc.h"

namespace bdtrace::bpf {

namespace {

// The verifier charges each frame of a call chain rounded up to 32 bytes (the interpreter's
// granularity; JITed programs round to 16 on recent kernels, so this is on the safe side).
uint32_t charged(uint32_t stack) {
    return (std::max<uint32_t>(stack, 1) + 31) / 32 * 32;
}

std::vector<FunctionId> callees(const Function& f) {
    std::vector<FunctionId> out;
    for (const Inst& i : f.insts()) {
        if (i.op == Op::Call && static_cast<CallKind>(i.sub) == CallKind::Local)
            out.push_back(i.target);
        if (i.op == Op::LoadMap && static_cast<MapLoad>(i.sub) == MapLoad::Func)
            out.push_back(i.target);  // a callback, called by a helper
    }
    return out;
}

// Parameters a function reads: the highest param() index it asked for, plus one.
size_t param_count(const Function& f) {
    const Inst& entry = f.insts().front();
    size_t n = 0;
    for (size_t k = 0; k < entry.args.size(); ++k)
        if (entry.args[k].reg.valid()) n = k + 1;
    return n;
}

// Registers the verifier would find unwritten: the entry program receives only the context in
// r1, and a subprogram's parameters are whatever its callers left in r1-r5.
bool check_arguments(const Program& p, std::string& error) {
    if (param_count(p.function(0)) > 1) {
        error = "function " + p.function(0).name() +
                " is the entry program; it receives only the context, param(0)";
        return false;
    }
    for (FunctionId id = 0; id < p.size(); ++id)
        for (const Inst& i : p.function(id).insts())
            if (i.op == Op::Call && static_cast<CallKind>(i.sub) == CallKind::Local &&
                i.target < p.size() && i.args.size() < param_count(p.function(i.target))) {
                const Function& callee = p.function(i.target);
                error = "function " + p.function(id).name() + " calls " + callee.name() + " with " +
                        std::to_string(i.args.size()) + " arguments; it reads " +
                        std::to_string(param_count(callee));
                return false;
            }
    return true;
}

struct CallGraph {
    std::vector<bool> reached;
    std::vector<FunctionId> order;  // entry first, then by id
};

bool walk_calls(const Program& p, CallGraph& g, std::string& error) {
    g.reached.assign(p.size(), false);
    std::vector<FunctionId> work{0};
    g.reached[0] = true;
    while (!work.empty()) {
        FunctionId f = work.back();
        work.pop_back();
        for (FunctionId c : callees(p.function(f))) {
            if (c >= p.size()) {
                error = "function " + p.function(f).name() + " calls function " +
                        std::to_string(c) + ", which does not exist";
                return false;
            }
            if (!g.reached[c]) {
                g.reached[c] = true;
                work.push_back(c);
            }
        }
    }
    for (FunctionId f = 0; f < p.size(); ++f)
        if (g.reached[f]) g.order.push_back(f);
    return true;
}

// Deepest stack of a chain starting at f; the BPF verifier refuses recursion outright.
bool chain_depth(const Program& p, FunctionId f, const std::vector<uint32_t>& stack,
                 std::vector<int>& state, std::vector<uint32_t>& depth, std::string& path,
                 std::string& error) {
    if (state[f] == 2) return true;
    if (state[f] == 1) {
        error = "function " + p.function(f).name() + " is called recursively, which BPF forbids";
        return false;
    }
    state[f] = 1;
    uint32_t deepest = 0;
    std::string deepest_path;
    for (FunctionId c : callees(p.function(f))) {
        std::string sub;
        if (!chain_depth(p, c, stack, state, depth, sub, error)) return false;
        if (depth[c] > deepest) {
            deepest = depth[c];
            deepest_path = sub;
        }
    }
    depth[f] = charged(stack[f]) + deepest;
    path = p.function(f).name() + (deepest_path.empty() ? "" : " -> " + deepest_path);
    state[f] = 2;
    return true;
}

}  // namespace

const SourceNote* Assembled::source_of(uint32_t insn) const {
    if (insn >= insn_note.size() || insn_note[insn] == 0) return nullptr;
    return &notes[insn_note[insn] - 1];
}

const FunctionInfo* Assembled::function_at(uint32_t insn) const {
    for (const FunctionInfo& f : functions)
        if (insn >= f.start && insn < f.start + f.count) return &f;
    return nullptr;
}

std::optional<uint32_t> Assembled::start_of(FunctionId id) const {
    for (const FunctionInfo& f : functions)
        if (f.id == id) return f.start;
    return std::nullopt;
}

std::optional<Assembled> assemble(const Program& p, std::string& error) {
    if (p.size() == 0) {
        error = "no entry function";
        return std::nullopt;
    }
    CallGraph g;
    if (!walk_calls(p, g, error) || !check_arguments(p, error)) return std::nullopt;

    Assembled out;
    std::vector<uint32_t> start(p.size(), 0), stack(p.size(), 0);
    std::vector<std::pair<uint32_t, FunctionId>> call_fixups;  // (global insn, callee)
    for (FunctionId id : g.order) {
        const Function& f = p.function(id);
        Allocation alloc;
        EmittedFunction code;
        if (!allocate(f, alloc, error) || !emit_function(f, alloc, code, error))
            return std::nullopt;
        auto base = static_cast<uint32_t>(out.insns.size());
        auto note_base = static_cast<uint32_t>(out.notes.size());
        start[id] = base;
        stack[id] = alloc.stack_size;
        out.functions.push_back({id, f.name(), f.params(), base,
                                 static_cast<uint32_t>(code.insns.size()), alloc.stack_size,
                                 alloc.spill_slots});
        out.insns.insert(out.insns.end(), code.insns.begin(), code.insns.end());
        for (uint32_t n : code.note) out.insn_note.push_back(n == 0 ? 0 : n + note_base);
        out.notes.insert(out.notes.end(), f.notes().begin(), f.notes().end());
        for (const auto& c : code.calls) call_fixups.emplace_back(base + c.insn, c.callee);
        for (const auto& m : code.maps)
            out.relocs.push_back({base + m.insn, m.map,
                                  m.kind == MapLoad::Fd ? RelocKind::MapFd : RelocKind::MapValue});
    }
    for (auto [insn, callee] : call_fixups)
        out.insns[insn].imm = static_cast<int32_t>(start[callee]) - static_cast<int32_t>(insn + 1);

    std::vector<int> state(p.size(), 0);
    std::vector<uint32_t> depth(p.size(), 0);
    std::string path;
    if (!chain_depth(p, 0, stack, state, depth, path, error)) return std::nullopt;
    out.stack_depth = depth[0];
    if (depth[0] > static_cast<uint32_t>(kMaxStack)) {
        error = "the call chain " + path + " needs " + std::to_string(depth[0]) +
                " bytes of stack, more than the " + std::to_string(kMaxStack) + " bytes BPF allows";
        return std::nullopt;
    }
    return out;
}

void apply_map_fds(std::vector<Insn>& insns, const std::vector<MapReloc>& relocs,
                   const std::function<int(MapRef)>& fd_of) {
    for (const MapReloc& r : relocs)
        if (r.insn < insns.size()) insns[r.insn].imm = fd_of(r.map);
}

}  // namespace bdtrace::bpf
