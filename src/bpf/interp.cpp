// The reference interpreter; see interp.h. Arithmetic follows the kernel's definition of BPF:
// 32-bit results are zero-extended, division by zero gives 0, modulo by zero leaves dst.
#include "bpf/interp.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <memory>

namespace bdtrace::bpf {

namespace {

struct Frame {
    std::unique_ptr<std::array<uint8_t, kMaxStack>> stack =
        std::make_unique<std::array<uint8_t, kMaxStack>>();
    std::array<bool, kMaxStack> written{};
    uint64_t saved[4] = {};  // the caller's r6-r9 and whether they were written
    bool saved_ok[4] = {};
    uint32_t return_pc = 0;
    uint64_t top() const { return reinterpret_cast<uint64_t>(stack->data() + kMaxStack); }
};

constexpr int kMaxFrames = 8;

uint64_t bswap_bits(uint64_t v, int bits) {
    switch (bits) {
        case 16:
            return __builtin_bswap16(static_cast<uint16_t>(v));
        case 32:
            return __builtin_bswap32(static_cast<uint32_t>(v));
        default:
            return __builtin_bswap64(v);
    }
}

uint64_t truncate_bits(uint64_t v, int bits) {
    return bits >= 64 ? v : v & ((uint64_t{1} << bits) - 1);
}

int64_t sext(uint64_t v, int bits) {
    int shift = 64 - bits;
    return static_cast<int64_t>(v << shift) >> shift;
}

class Machine {
  public:
    Machine(const InterpOptions& opt, const std::vector<std::pair<uint8_t*, size_t>>& mem,
            const std::vector<Insn>& code)
        : opt_(opt), mem_(mem), code_(code) {}

    InterpResult run(uint64_t ctx) {
        frames_.emplace_back();
        set(1, ctx);
        r_[10] = frames_.back().top();
        ok_[10] = true;
        res_.max_frames = 1;
        while (res_.error.empty()) {
            if (pc_ >= code_.size()) {
                fail("runs past the end of the program");
                break;
            }
            if (++res_.steps > opt_.max_steps) {
                fail("more than " + std::to_string(opt_.max_steps) + " steps");
                break;
            }
            if (step()) break;
        }
        res_.pc = pc_;
        res_.ok = res_.error.empty();
        res_.r0 = r_[0];
        return res_;
    }

  private:
    void fail(const std::string& why) {
        if (res_.error.empty()) res_.error = "pc " + std::to_string(pc_) + ": " + why;
    }
    uint64_t get(int r) {
        if (!ok_[r]) fail("r" + std::to_string(r) + " is read before it is written");
        return r_[r];
    }
    void set(int r, uint64_t v) {
        if (r == 10) return fail("writes the read-only frame pointer r10");
        r_[r] = v;
        ok_[r] = true;
    }

    // Locates [addr, addr+size); for stack memory checks alignment and (for reads) that every
    // byte was written.
    uint8_t* access(uint64_t addr, int size, bool write) {
        auto n = static_cast<uint64_t>(size);
        for (Frame& f : frames_) {
            uint64_t lo = f.top() - kMaxStack;
            if (addr < lo || addr + n > f.top()) continue;
            auto off = static_cast<size_t>(addr - lo);
            if ((f.top() - addr) % n != 0) {
                fail("misaligned stack access of " + std::to_string(size) + " bytes");
                return nullptr;
            }
            for (size_t k = 0; k < n; ++k) {
                if (write) {
                    f.written[off + k] = true;
                } else if (!f.written[off + k]) {
                    fail("reads stack at r10" +
                         std::to_string(static_cast<int64_t>(addr - f.top())) +
                         ", which was never written");
                    return nullptr;
                }
            }
            return f.stack->data() + off;
        }
        for (auto [base, len] : mem_) {
            auto lo = reinterpret_cast<uint64_t>(base);
            if (addr >= lo && addr + n <= lo + len) return base + (addr - lo);
        }
        for (Frame& f : frames_)
            if (addr + 4096 > f.top() - kMaxStack && addr < f.top() + 4096) {
                fail("stack access at r10" + std::to_string(static_cast<int64_t>(addr - f.top())) +
                     " outside the 512-byte frame");
                return nullptr;
            }
        fail("access of unknown memory");
        return nullptr;
    }

    uint64_t load(uint64_t addr, int size) {
        uint8_t* p = access(addr, size, false);
        uint64_t v = 0;
        if (p) std::memcpy(&v, p, static_cast<size_t>(size));  // little-endian host
        return v;
    }
    void store(uint64_t addr, int size, uint64_t v) {
        if (uint8_t* p = access(addr, size, true)) std::memcpy(p, &v, static_cast<size_t>(size));
    }

    bool step();
    void alu(const Insn& i);
    void atomic_op(const Insn& i);
    bool jump(const Insn& i);
    void call(const Insn& i);

    const InterpOptions& opt_;
    const std::vector<std::pair<uint8_t*, size_t>>& mem_;
    const std::vector<Insn>& code_;
    std::vector<Frame> frames_;
    uint64_t r_[11] = {};
    bool ok_[11] = {};
    uint32_t pc_ = 0;
    InterpResult res_;
};

void Machine::alu(const Insn& i) {
    bool is64 = insn_class(i.code) == kClassAlu64;
    uint8_t op = insn_op(i.code);
    if (op == kAluEnd) {
        uint64_t v = get(i.dst);
        if (is64 || insn_src(i.code) == kEndToBe)
            set(i.dst, bswap_bits(v, i.imm));
        else
            set(i.dst, truncate_bits(v, i.imm));
        return;
    }
    uint64_t src =
        insn_src(i.code) == kSrcX ? get(i.src) : static_cast<uint64_t>(static_cast<int64_t>(i.imm));
    if (op == kAluMov) {
        if (insn_src(i.code) == kSrcX && i.off != 0) src = static_cast<uint64_t>(sext(src, i.off));
        set(i.dst, is64 ? src : static_cast<uint32_t>(src));
        return;
    }
    uint64_t dst = get(i.dst);
    int bits = is64 ? 64 : 32;
    uint64_t a = truncate_bits(dst, bits), b = truncate_bits(src, bits);
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    uint64_t r = 0;
    switch (op) {
        case kAluAdd:
            r = a + b;
            break;
        case kAluSub:
            r = a - b;
            break;
        case kAluMul:
            r = a * b;
            break;
        case kAluOr:
            r = a | b;
            break;
        case kAluAnd:
            r = a & b;
            break;
        case kAluXor:
            r = a ^ b;
            break;
        case kAluLsh:
            r = a << (b & static_cast<uint64_t>(bits - 1));
            break;
        case kAluRsh:
            r = a >> (b & static_cast<uint64_t>(bits - 1));
            break;
        case kAluArsh:
            r = static_cast<uint64_t>(sa >> (b & static_cast<uint64_t>(bits - 1)));
            break;
        case kAluNeg:
            r = 0 - a;
            break;
        case kAluDiv:
            if (b == 0)
                r = 0;
            else if (i.off == 1)
                r = (sb == -1) ? static_cast<uint64_t>(0) - a : static_cast<uint64_t>(sa / sb);
            else
                r = a / b;
            break;
        case kAluMod:
            if (b == 0)
                r = a;
            else if (i.off == 1)
                r = (sb == -1) ? 0 : static_cast<uint64_t>(sa % sb);
            else
                r = a % b;
            break;
        default:
            return fail("unknown ALU operation");
    }
    set(i.dst, truncate_bits(r, bits));
}

void Machine::atomic_op(const Insn& i) {
    int size = size_bytes(insn_size(i.code));
    uint64_t addr = get(i.dst) + static_cast<uint64_t>(static_cast<int64_t>(i.off));
    uint64_t val = truncate_bits(get(i.src), size * 8);
    if (!res_.error.empty()) return;
    uint64_t old = load(addr, size);
    if (!res_.error.empty()) return;
    uint64_t nv = old;
    switch (i.imm & ~kAtomicFetch) {
        case kAtomicAdd:
            nv = old + val;
            break;
        case kAtomicOr:
            nv = old | val;
            break;
        case kAtomicAnd:
            nv = old & val;
            break;
        case kAtomicXor:
            nv = old ^ val;
            break;
        case kAtomicXchg & ~kAtomicFetch:
            nv = val;
            break;
        case kAtomicCmpXchg & ~kAtomicFetch:
            if (old == truncate_bits(get(0), size * 8)) nv = val;
            set(0, old);
            store(addr, size, nv);
            return;
        default:
            return fail("unknown atomic operation");
    }
    store(addr, size, truncate_bits(nv, size * 8));
    if (i.imm & kAtomicFetch) set(i.src, old);
}

void Machine::call(const Insn& i) {
    if (i.src == kPseudoCall) {
        if (frames_.size() >= static_cast<size_t>(kMaxFrames))
            return fail("more than 8 nested calls");
        Frame f;
        for (int k = 0; k < 4; ++k) {
            f.saved[k] = r_[6 + k];
            f.saved_ok[k] = ok_[6 + k];
            ok_[6 + k] = false;
        }
        f.return_pc = pc_ + 1;
        frames_.push_back(std::move(f));
        r_[10] = frames_.back().top();
        res_.max_frames = std::max(res_.max_frames, static_cast<uint32_t>(frames_.size()));
        pc_ = static_cast<uint32_t>(static_cast<int64_t>(pc_) + i.imm + 1);
        return;
    }
    CallArgs args;
    for (int k = 0; k < 5; ++k) {
        args.v[k] = r_[1 + k];
        args.written[k] = ok_[1 + k];
    }
    const auto& cb = i.src == kPseudoKfuncCall ? opt_.kfunc : opt_.helper;
    std::optional<uint64_t> r = cb ? cb(i.imm, args) : std::nullopt;
    if (!r) return fail("call #" + std::to_string(i.imm) + " refused");
    for (int k = 1; k <= 5; ++k) ok_[k] = false;
    set(0, *r);
    ++pc_;
}

// Returns true when the program has finished.
bool Machine::jump(const Insn& i) {
    uint8_t op = insn_op(i.code);
    bool is32 = insn_class(i.code) == kClassJmp32;
    if (op == kJmpCall) {
        call(i);
        return false;
    }
    if (op == kJmpExit) {
        get(0);
        if (frames_.size() == 1) return true;
        Frame& f = frames_.back();
        for (int k = 0; k < 4; ++k) {
            r_[6 + k] = f.saved[k];
            ok_[6 + k] = f.saved_ok[k];
        }
        for (int k = 1; k <= 5; ++k) ok_[k] = false;
        pc_ = f.return_pc;
        frames_.pop_back();
        r_[10] = frames_.back().top();
        return false;
    }
    if (op == kJmpJa) {
        pc_ = static_cast<uint32_t>(static_cast<int64_t>(pc_) + 1 + (is32 ? i.imm : i.off));
        return false;
    }
    uint64_t a = get(i.dst);
    uint64_t b =
        insn_src(i.code) == kSrcX ? get(i.src) : static_cast<uint64_t>(static_cast<int64_t>(i.imm));
    int bits = is32 ? 32 : 64;
    a = truncate_bits(a, bits);
    b = truncate_bits(b, bits);
    int64_t sa = sext(a, bits), sb = sext(b, bits);
    bool taken = false;
    switch (op) {
        case kJmpJeq:
            taken = a == b;
            break;
        case kJmpJne:
            taken = a != b;
            break;
        case kJmpJgt:
            taken = a > b;
            break;
        case kJmpJge:
            taken = a >= b;
            break;
        case kJmpJlt:
            taken = a < b;
            break;
        case kJmpJle:
            taken = a <= b;
            break;
        case kJmpJsgt:
            taken = sa > sb;
            break;
        case kJmpJsge:
            taken = sa >= sb;
            break;
        case kJmpJslt:
            taken = sa < sb;
            break;
        case kJmpJsle:
            taken = sa <= sb;
            break;
        case kJmpJset:
            taken = (a & b) != 0;
            break;
        default:
            fail("unknown jump operation");
            return false;
    }
    pc_ = static_cast<uint32_t>(static_cast<int64_t>(pc_) + 1 + (taken ? i.off : 0));
    return false;
}

bool Machine::step() {
    const Insn& i = code_[pc_];
    int size = size_bytes(insn_size(i.code));
    switch (insn_class(i.code)) {
        case kClassAlu:
        case kClassAlu64:
            alu(i);
            break;
        case kClassLdx: {
            uint64_t v =
                load(get(i.src) + static_cast<uint64_t>(static_cast<int64_t>(i.off)), size);
            if (insn_mode(i.code) == kModeMemSx) v = static_cast<uint64_t>(sext(v, size * 8));
            set(i.dst, v);
            break;
        }
        case kClassSt:
            store(get(i.dst) + static_cast<uint64_t>(static_cast<int64_t>(i.off)), size,
                  static_cast<uint64_t>(static_cast<int64_t>(i.imm)));
            break;
        case kClassStx:
            if (insn_mode(i.code) == kModeAtomic)
                atomic_op(i);
            else
                store(get(i.dst) + static_cast<uint64_t>(static_cast<int64_t>(i.off)), size,
                      get(i.src));
            break;
        case kClassLd: {
            if (!is_ld_imm64(i) || pc_ + 1 >= code_.size()) {
                fail("unsupported LD instruction");
                return true;
            }
            auto hi = static_cast<uint32_t>(code_[pc_ + 1].imm);
            uint64_t v = (static_cast<uint64_t>(hi) << 32) | static_cast<uint32_t>(i.imm);
            if ((i.src == kPseudoMapFd || i.src == kPseudoMapValue) && opt_.map_address)
                v = opt_.map_address(i, i.src == kPseudoMapValue ? hi : 0);
            set(i.dst, v);
            pc_ += 2;
            return false;
        }
        default:
            return jump(i);
    }
    ++pc_;
    return false;
}

}  // namespace

void Interpreter::add_memory(void* base, size_t size) {
    memory_.push_back({static_cast<uint8_t*>(base), size});
}

InterpResult Interpreter::run(const std::vector<Insn>& insns, uint64_t ctx) {
    std::vector<std::pair<uint8_t*, size_t>> mem;
    for (const Region& r : memory_) mem.emplace_back(r.base, r.size);
    return Machine(opt_, mem, insns).run(ctx);
}

}  // namespace bdtrace::bpf
