#include "process/unwind.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <libelf.h>
#include <unistd.h>

#include <cstring>

namespace bdtrace::process {

namespace {

// DWARF register numbers on x86-64.
constexpr int kRegRbp = 6, kRegRsp = 7, kRegRa = 16, kRegs = 17;

struct Machine {
    std::optional<uint64_t> reg[kRegs];
    uint64_t cfa = 0;
    const StackCopy* copy = nullptr;

    std::optional<uint64_t> read(uint64_t addr) const {
        if (addr < copy->sp || addr - copy->sp + 8 > copy->bytes.size()) return std::nullopt;
        uint64_t v;
        std::memcpy(&v, copy->bytes.data() + (addr - copy->sp), 8);
        return v;
    }

    // Evaluates ops with `initial` pushed first; the result is the top of the stack, and
    // whether the expression gave a value (DW_OP_stack_value) rather than a location.
    std::optional<std::pair<uint64_t, bool>> eval(const std::vector<DwarfOp>& ops,
                                                  std::optional<uint64_t> initial) const {
        std::vector<uint64_t> st;
        if (initial) st.push_back(*initial);
        bool value = false;
        auto pop = [&]() -> std::optional<uint64_t> {
            if (st.empty()) return std::nullopt;
            uint64_t v = st.back();
            st.pop_back();
            return v;
        };
        auto regval = [&](uint64_t r) -> std::optional<uint64_t> {
            if (r >= static_cast<uint64_t>(kRegs)) return std::nullopt;
            return reg[r];
        };
        for (const DwarfOp& op : ops) {
            uint8_t a = op.atom;
            if (a >= DW_OP_lit0 && a <= DW_OP_lit31) {
                st.push_back(a - DW_OP_lit0);
            } else if (a >= DW_OP_breg0 && a <= DW_OP_breg31) {
                auto r = regval(a - DW_OP_breg0);
                if (!r) return std::nullopt;
                st.push_back(*r + op.number);
            } else if (a >= DW_OP_reg0 && a <= DW_OP_reg31) {
                auto r = regval(a - DW_OP_reg0);
                if (!r) return std::nullopt;
                st.push_back(*r);
                value = true;
            } else {
                switch (a) {
                    case DW_OP_bregx: {
                        auto r = regval(op.number);
                        if (!r) return std::nullopt;
                        st.push_back(*r + op.number2);
                        break;
                    }
                    case DW_OP_regx: {
                        auto r = regval(op.number);
                        if (!r) return std::nullopt;
                        st.push_back(*r);
                        value = true;
                        break;
                    }
                    case DW_OP_call_frame_cfa: st.push_back(cfa); break;
                    case DW_OP_const1u: case DW_OP_const2u: case DW_OP_const4u: case DW_OP_const8u:
                    case DW_OP_const1s: case DW_OP_const2s: case DW_OP_const4s: case DW_OP_const8s:
                    case DW_OP_constu: case DW_OP_consts:
                        st.push_back(op.number);
                        break;
                    case DW_OP_plus_uconst: {
                        auto x = pop();
                        if (!x) return std::nullopt;
                        st.push_back(*x + op.number);
                        break;
                    }
                    case DW_OP_deref: {
                        auto x = pop();
                        if (!x) return std::nullopt;
                        auto v = read(*x);
                        if (!v) return std::nullopt;
                        st.push_back(*v);
                        break;
                    }
                    case DW_OP_dup: {
                        if (st.empty()) return std::nullopt;
                        st.push_back(st.back());
                        break;
                    }
                    case DW_OP_stack_value: value = true; break;
                    case DW_OP_plus: case DW_OP_minus: case DW_OP_and: case DW_OP_or: case DW_OP_mul:
                    case DW_OP_shl: case DW_OP_shr: case DW_OP_ge: case DW_OP_gt: case DW_OP_le:
                    case DW_OP_lt: case DW_OP_eq: case DW_OP_ne: {
                        auto b = pop(), x = pop();
                        if (!b || !x) return std::nullopt;
                        int64_t sx = static_cast<int64_t>(*x), sb = static_cast<int64_t>(*b);
                        uint64_t r = 0;
                        switch (a) {
                            case DW_OP_plus: r = *x + *b; break;
                            case DW_OP_minus: r = *x - *b; break;
                            case DW_OP_and: r = *x & *b; break;
                            case DW_OP_or: r = *x | *b; break;
                            case DW_OP_mul: r = *x * *b; break;
                            case DW_OP_shl: r = *b < 64 ? *x << *b : 0; break;
                            case DW_OP_shr: r = *b < 64 ? *x >> *b : 0; break;
                            case DW_OP_ge: r = sx >= sb; break;
                            case DW_OP_gt: r = sx > sb; break;
                            case DW_OP_le: r = sx <= sb; break;
                            case DW_OP_lt: r = sx < sb; break;
                            case DW_OP_eq: r = sx == sb; break;
                            case DW_OP_ne: r = sx != sb; break;
                        }
                        st.push_back(r);
                        break;
                    }
                    default: return std::nullopt;  // not an operation CFI on x86-64 uses
                }
            }
        }
        auto top = pop();
        if (!top) return std::nullopt;
        return std::make_pair(*top, value);
    }

    // The caller's value of a register under `rule`; nullopt when it cannot be known.
    std::optional<uint64_t> caller_value(const RegisterRule& rule, int regno) const {
        switch (rule.kind) {
            case RegisterRule::Kind::Undefined: return std::nullopt;
            case RegisterRule::Kind::Same: return reg[regno];
            case RegisterRule::Kind::Expr: {
                auto r = eval(rule.ops, cfa);
                if (!r) return std::nullopt;
                if (r->second) return r->first;
                return read(r->first);
            }
        }
        return std::nullopt;
    }
};

std::vector<DwarfOp> copy_ops(const Dwarf_Op* ops, size_t n) {
    std::vector<DwarfOp> out;
    for (size_t i = 0; i < n; ++i) out.push_back({ops[i].atom, ops[i].number, ops[i].number2});
    return out;
}

RegisterRule rule_of(Dwarf_Frame* frame, int regno) {
    Dwarf_Op mem[3];
    Dwarf_Op* ops = nullptr;
    size_t nops = 0;
    RegisterRule r;
    if (dwarf_frame_register(frame, regno, mem, &ops, &nops) != 0) return r;
    // libdw: no operations and ops == mem is "undefined"; no operations and no ops, "same value".
    if (nops == 0) {
        r.kind = ops == nullptr ? RegisterRule::Kind::Same : RegisterRule::Kind::Undefined;
        return r;
    }
    r.kind = RegisterRule::Kind::Expr;
    r.ops = copy_ops(ops, nops);
    return r;
}

}  // namespace

// One file's CFI: .eh_frame through dwarf_getcfi_elf.
struct ModuleCfi::File {
    int fd = -1;
    Elf* elf = nullptr;
    Dwarf_CFI* cfi = nullptr;
    ~File() {
        if (cfi) dwarf_cfi_end(cfi);
        if (elf) elf_end(elf);
        if (fd >= 0) ::close(fd);
    }
};

ModuleCfi::ModuleCfi(UserSymbols& syms) : syms_(syms) {}
ModuleCfi::~ModuleCfi() = default;

std::optional<FrameRules> ModuleCfi::rules(uint64_t pid, uint64_t pc) {
    auto loc = syms_.locate(pid, pc);
    if (!loc || !loc->file) return std::nullopt;
    const std::string& path = loc->file->path();
    auto it = files_.find(path);
    if (it == files_.end()) {
        auto f = std::make_unique<File>();
        elf_version(EV_CURRENT);
        f->fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        // Opened through /proc/PID/root while the process lived; by its own path after.
        if (f->fd < 0) f->fd = ::open(loc->object->path.c_str(), O_RDONLY | O_CLOEXEC);
        if (f->fd >= 0) f->elf = elf_begin(f->fd, ELF_C_READ, nullptr);
        if (f->elf) f->cfi = dwarf_getcfi_elf(f->elf);
        it = files_.emplace(path, std::move(f)).first;
    }
    File& f = *it->second;
    if (!f.cfi) return std::nullopt;
    Dwarf_Frame* frame = nullptr;
    if (dwarf_cfi_addrframe(f.cfi, loc->vaddr, &frame) != 0 || !frame) return std::nullopt;
    FrameRules out;
    Dwarf_Op* cfa_ops = nullptr;
    size_t ncfa = 0;
    if (dwarf_frame_cfa(frame, &cfa_ops, &ncfa) == 0 && ncfa > 0) out.cfa = copy_ops(cfa_ops, ncfa);
    out.ra = rule_of(frame, kRegRa);
    out.rbp = rule_of(frame, kRegRbp);
    std::free(frame);
    if (out.cfa.empty()) return std::nullopt;
    return out;
}

Unwound unwind_stack(CfiSource& cfi, uint64_t pid, const StackCopy& copy, size_t max_frames) {
    Unwound out;
    if (max_frames == 0 || copy.ip == 0) return out;
    Machine m;
    m.copy = &copy;
    m.reg[kRegRa] = copy.ip;
    m.reg[kRegRsp] = copy.sp;
    m.reg[kRegRbp] = copy.bp;
    out.pcs.push_back(copy.ip);
    while (out.pcs.size() < max_frames) {
        uint64_t pc = *m.reg[kRegRa];
        // A return address is past its call: look up the call itself (not for the first frame,
        // whose PC is the instruction about to run).
        auto rules = cfi.rules(pid, out.pcs.size() == 1 ? pc : pc - 1);
        if (!rules) return out;
        auto cfa = m.eval(rules->cfa, std::nullopt);
        if (!cfa) return out;
        m.cfa = cfa->first;
        if (rules->ra.kind == RegisterRule::Kind::Undefined) {
            out.complete = true;  // the outermost frame
            return out;
        }
        auto ra = m.caller_value(rules->ra, kRegRa);
        if (!ra || *ra == 0) {
            out.complete = ra.has_value();
            return out;
        }
        // The stack grows down: a caller's frame is above its callee's.
        if (m.cfa <= *m.reg[kRegRsp] && out.pcs.size() > 1) return out;
        std::optional<uint64_t> rbp = m.caller_value(rules->rbp, kRegRbp);
        for (auto& r : m.reg) r.reset();  // other registers: unknown in the caller
        m.reg[kRegRa] = *ra;
        m.reg[kRegRsp] = m.cfa;
        m.reg[kRegRbp] = rbp;
        out.pcs.push_back(*ra);
    }
    return out;
}

}  // namespace bdtrace::process
