// BPF IR with virtual registers: what the D code generator emits, and what the register allocator
// (regalloc.h) and the assembler (assembler.h) turn into kernel instructions.
//
// A Program holds Functions. Function 0 is the entry program (its param(0) is the context
// pointer); the others are BPF-to-BPF subprograms (one per D clause, say), called with call().
//
// The instructions are BPF's own, two-address (`dst op= src`), over an unlimited supply of
// virtual registers (VReg). Builder summary, all members of Function:
//
//   values      VReg vreg()                      a fresh virtual register
//               VReg param(i)                    incoming r1+i (i < 5); entry: param(0) = ctx
//               VReg frame()                     r10, read-only: only a source or a base
//   moves       mov(dst, src)  mov(dst, imm64)   the cheapest encoding for the immediate
//               mov32(dst, src)                  dst = (u32)src (zero-extends)
//               movsx(dst, src, bits)            dst = (s8/s16/s32)src (kernel 6.6+)
//   arithmetic  alu64(op, dst, src|imm)  alu32(op, dst, src|imm)   dst op= src
//               alu64(op, dst, a, b|imm)         dst = a op b (a mov the allocator usually elides)
//               neg(dst, is32)  bswap(dst, bits, to_be)
//   constants   load_imm64(dst, u64)             always the two-instruction LD_IMM64
//               load_map_fd(dst, MapRef)         LD_IMM64 src=BPF_PSEUDO_MAP_FD, relocated
//               load_map_value(dst, MapRef, off) LD_IMM64 src=BPF_PSEUDO_MAP_VALUE, relocated
//   memory      load(size, dst, base, off)  load_sx(...)  store(size, base, off, src|imm)
//               load/store(size, ..., StackSlot, off)   relative to a stack object
//               atomic(op, size, base, off, val)  xadd(size, base, off, val)
//   stack       StackSlot alloc_stack(size, align)  addr_of(dst, slot, off)
//   calls       VReg call_helper(id, args)  call_kfunc(btf_id, args)  call(FunctionId, args)
//               args go to r1..r5, the result comes from r0; r1-r5 do not survive a call.
//   control     Label new_label()  bind(label)  jump(label)
//               branch(cond, a, b|imm, label, is32)   ret(value|imm)
//   annotation  set_source(line, text): the D source line of the instructions that follow.
//
// Immediates that do not fit the 32-bit instruction field are put in a register first, so any
// int64 is accepted everywhere an immediate is. Constant operands the verifier would refuse get
// BPF's defined result instead: x / 0 is 0, x % 0 is x, constant shift counts are taken modulo
// the width (as register shift counts are). Misuse (writing frame(), binding a label twice,
// an access size other than 1/2/4/8) is recorded as the function's error and reported by the
// assembler; the builder never throws.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bdtrace::bpf {

using MapRef = uint32_t;      // the caller's map id; the relocation patches in the fd
using FunctionId = uint32_t;  // index in Program; 0 is the entry program

struct VReg {
    uint32_t id = 0;  // 0: no register
    constexpr VReg() = default;
    constexpr explicit VReg(uint32_t i) : id(i) {}
    constexpr bool valid() const { return id != 0; }
    friend constexpr bool operator==(VReg, VReg) = default;
};
inline constexpr VReg kFrameVReg{1};  // r10

struct Label {
    uint32_t id = UINT32_MAX;
};
struct StackSlot {
    uint32_t id = UINT32_MAX;
};

// A register or an immediate: call arguments, second ALU operands, stored values.
struct Operand {
    Operand() = default;
    Operand(VReg r) : reg(r) {}
    template <std::integral T>
    Operand(T v) : is_imm(true), imm(static_cast<int64_t>(v)) {}  // uint64_t wraps to int64_t
    bool is_imm = false;
    VReg reg;
    int64_t imm = 0;
};

enum class AluOp : uint8_t { Add, Sub, Mul, Div, Or, And, Lsh, Rsh, Mod, Xor, Arsh, SDiv, SMod };
enum class Cond : uint8_t { Eq, Ne, Gt, Ge, Lt, Le, Sgt, Sge, Slt, Sle, Set };
enum class AtomicOp : uint8_t { Add, Or, And, Xor, FetchAdd, FetchOr, FetchAnd, FetchXor, Xchg };
enum class CallKind : uint8_t { Helper, Kfunc, Local };
// What a LoadMap instruction loads: a map's fd, the address of a map value, or (Func) the
// address of a subprogram, for helpers that take a callback (bpf_loop).
enum class MapLoad : uint8_t { Fd, Value, Func };

bool atomic_fetches(AtomicOp op);  // the value register receives the old memory contents

// One IR instruction. Register fields name VRegs; which fields are read and written is given by
// inst_roles() in regalloc.h. Code outside src/bpf/ only needs the builder.
enum class Op : uint8_t {
    Entry,      // defines the parameters (args[i] is param(i), or invalid)
    Mov,        // dst = a (is32: zero-extending 32-bit move; size: sign-extend from size bytes)
    MovImm,     // dst = imm
    Alu,        // dst sub= (a valid ? a : imm); sub is AluOp
    Neg,        // dst = -dst
    Bswap,      // dst = to_be/to_le(dst) of size*8 bits; flag: to_be
    LoadImm64,  // dst = imm, always LD_IMM64
    LoadMap,    // dst = map (sub: MapLoad); target = MapRef; off = value offset
    Load,       // dst = *(size *)(base + off); base is a, or stack object `slot`; flag: sign-extend
    Store,      // *(size *)(base + off) = b (b_imm: imm); base as for Load
    Atomic,     // atomic sub (AtomicOp) of b into *(size *)(a + off)
    AddrOf,     // dst = r10 + offset of stack object `slot` + off
    Call,       // dst = call (sub: CallKind; target: helper id / BTF id / FunctionId)(args)
    Jump,       // goto label `target`
    Branch,     // if (a sub b_or_imm) goto label `target`; sub is Cond; is32: JMP32
    Ret,        // r0 = a (or imm when b_imm); exit
    Label,      // label `target` is here
    SpillLoad,  // (allocator) dst = spill slot of `mem`
    SpillStore,  // (allocator) spill slot of `mem` = a (b_imm: imm)
};

inline constexpr uint32_t kNoSlot = UINT32_MAX;

struct Inst {
    Op op;
    uint8_t sub = 0;
    uint8_t size = 0;  // access size in bytes; Bswap: width in bytes; Mov: sign-extend width
    bool is32 = false;
    bool flag = false;
    bool b_imm = false;  // the second operand is `imm`, not b
    VReg dst, a, b;
    VReg mem;  // SpillLoad / SpillStore: the value whose spill slot is accessed
    int64_t imm = 0;
    int32_t off = 0;
    uint32_t slot = kNoSlot;
    uint32_t target = 0;
    std::vector<Operand> args;
    uint32_t note = 0;  // index + 1 into Function::notes(); 0: none
};

struct SourceNote {
    int line = 0;
    std::string text;
};

struct StackObject {
    uint32_t size = 0;
    uint32_t align = 8;
};

class Function {
  public:
    Function(FunctionId id, std::string name, uint32_t params = 0);

    FunctionId id() const { return id_; }
    const std::string& name() const { return name_; }
    // The arguments its callers pass (the entry program: 1, the context): the count declared by
    // add_function, or more if the body reads a later param(). BTF func_info states it.
    uint32_t params() const { return params_count_; }

    // ---- values
    VReg vreg();
    VReg param(int i);
    VReg frame() const { return kFrameVReg; }

    // ---- moves and arithmetic
    void mov(VReg dst, VReg src);
    void mov(VReg dst, int64_t imm);
    void mov32(VReg dst, VReg src);
    void movsx(VReg dst, VReg src, int bits);
    void alu64(AluOp op, VReg dst, Operand src);
    void alu32(AluOp op, VReg dst, Operand src);
    void alu64(AluOp op, VReg dst, VReg a, Operand b);
    void alu32(AluOp op, VReg dst, VReg a, Operand b);
    void neg(VReg dst, bool is32 = false);
    void bswap(VReg dst, int bits, bool to_be);

    // ---- constants
    void load_imm64(VReg dst, uint64_t value);
    void load_map_fd(VReg dst, MapRef map);
    void load_map_value(VReg dst, MapRef map, uint32_t offset);
    void load_func(VReg dst, FunctionId callee);  // LD_IMM64 src=BPF_PSEUDO_FUNC

    // ---- memory (size in bytes: 1, 2, 4, 8)
    void load(int size, VReg dst, VReg base, int16_t off);
    void load_sx(int size, VReg dst, VReg base, int16_t off);  // sign-extending (6.6+)
    void store(int size, VReg base, int16_t off, Operand src);
    void load(int size, VReg dst, StackSlot slot, int32_t off = 0);
    void store(int size, StackSlot slot, int32_t off, Operand src);
    void atomic(AtomicOp op, int size, VReg base, int16_t off, VReg val);
    void xadd(int size, VReg base, int16_t off, VReg val) {
        atomic(AtomicOp::Add, size, base, off, val);
    }

    // ---- stack objects; the frame layout is decided after register allocation
    StackSlot alloc_stack(uint32_t size, uint32_t align = 8);
    void addr_of(VReg dst, StackSlot slot, int32_t extra_off = 0);

    // ---- calls: at most 5 arguments
    VReg call_helper(int32_t helper_id, std::vector<Operand> args);
    VReg call_kfunc(int32_t btf_id, std::vector<Operand> args);
    VReg call(FunctionId callee, std::vector<Operand> args);

    // ---- control flow
    Label new_label();
    void bind(Label l);
    void jump(Label l);
    void branch(Cond c, VReg a, Operand b, Label target, bool is32 = false);
    void ret(Operand value);

    // ---- annotations
    void set_source(int line, std::string text);
    void clear_source() { cur_note_ = 0; }

    // ---- for the allocator and assembler
    const std::vector<Inst>& insts() const { return insts_; }
    const std::vector<SourceNote>& notes() const { return notes_; }
    const std::vector<StackObject>& stack_objects() const { return objects_; }
    uint32_t vreg_count() const { return next_vreg_; }  // ids are below this
    uint32_t label_count() const { return next_label_; }
    const std::string& error() const { return error_; }  // first misuse, or empty

  private:
    Inst& emit(Op op);
    void fail(const std::string& msg);
    bool writable(VReg r, const char* what);
    bool readable(VReg r, const char* what);
    bool check_size(int size, const char* what);
    Operand fit32(Operand o);  // an immediate beyond int32 goes to a register first
    bool constant_special(AluOp op, VReg dst, Operand& src, bool is32);
    VReg call_common(CallKind kind, uint32_t target, std::vector<Operand> args);

    FunctionId id_;
    std::string name_;
    std::vector<Inst> insts_;
    std::vector<SourceNote> notes_;
    std::vector<StackObject> objects_;
    std::vector<bool> label_bound_;
    VReg params_[5];
    uint32_t params_count_ = 0;
    uint32_t next_vreg_ = 2;  // 0 = none, 1 = frame
    uint32_t next_label_ = 0;
    uint32_t cur_note_ = 0;
    std::string error_;
};

class Program {
  public:
    // The first function added is the entry program (FunctionId 0), whose one parameter is the
    // context; a subprogram declares how many arguments its callers pass (BPF: at most 5).
    Function& add_function(std::string name, uint32_t params = 0);
    Function& function(FunctionId id) { return *funcs_.at(id); }
    const Function& function(FunctionId id) const { return *funcs_.at(id); }
    size_t size() const { return funcs_.size(); }

  private:
    std::vector<std::unique_ptr<Function>> funcs_;
};

}  // namespace bdtrace::bpf
