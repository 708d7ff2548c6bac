// The code generator's internal state (files: codegen.cpp programs and trampolines,
// gen_expr.cpp expressions, gen_string.cpp strings, gen_action.cpp actions and statements).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>

#include "codegen/codegen.h"
#include "codegen/program_context.h"
#include "codegen/scratch_layout.h"

namespace bdtrace::codegen {

struct GenAbort {};

// Everything shared by the clauses of one program set.
class Gen {
public:
    Gen(const sema::TypedProgram& prog, sema::TypeTable& types, const CodegenOptions& opts,
        DiagnosticList& diags, ProgramSet& out);

    void run();
    [[noreturn]] void error(Tag tag, SourceRange r, const std::string& msg);
    // The offset of a string constant in the strings map (each padded to strsize).
    uint32_t string_constant(const std::string& s);
    std::string source_line(uint32_t line) const {
        return opts.source_line ? opts.source_line(line) : std::string();
    }
    // The program being lowered: what its clauses may assume of the firing (its row of the
    // builder table, program_builders.cpp).
    ProgramContext context;
    bool reads_pc_skip = false;  // this program's clauses read kScratchPcSkip (entry uprobes)

    const sema::TypedProgram& prog;
    sema::TypeTable& types;
    const CodegenOptions& opts;
    DiagnosticList& diags;
    ProgramSet& out;

    // Bytes of a string buffer: D's strsize characters and a NUL, since a D string may use all
    // strsize characters.
    uint32_t strsize;
    // Where each area of the scratch value sits (scratch_layout.h), computed before lowering;
    // layout.alloca is set by the clauses that allocate.
    ScratchLayout layout;
    uint32_t program_count = 0;  // programs in the set: each has a scratch row per CPU
    uint32_t record_capacity = 0;  // the largest record a clause writes
    uint32_t agg_entries = 0;      // entries -x aggsize makes room for
    bool uprobe_probe_names = false;  // a pid clause reads probeprov/mod/func/name (kProbeNamesMap)
    bool uses_vtime = false;      // a clause reads vtimestamp: the switch hook (vtime_program) runs
    bool uses_machinery = false;  // a kernel stack skips the tracing machinery (kMachineryMap)
    // Frames looked at for the tracing machinery: a tracepoint's iterator, its BPF probe
    // function and bpf_trace_run<N>, or BEGIN's two test-run functions, with room to spare.
    static constexpr uint32_t kMachineryWindow = 6;
    static constexpr uint32_t kCommBytes = 16;  // TASK_COMM_LEN: execname's bytes and NUL
    bool unwind_keys = false;  // a clause unwinds a ustack() key in BPF (the kUnwind* maps)
    // The ERROR clauses of the program being built, called from every other clause's fault
    // path: (ERROR's epid, its function).
    struct ErrorFn {
        uint32_t epid;
        uint32_t probe_id;
        bpf::FunctionId fn;
    };
    std::vector<ErrorFn> error_fns;
    // The program being built, and its chill() callback once one is needed.
    bpf::Program* ir = nullptr;
    std::optional<bpf::FunctionId> chill_fn;
    bpf::FunctionId chill_callback();
    // speculation() tries the ids in a loop the verifier walks once per id.
    static constexpr uint32_t kMaxSpeculations = 1024;
    const std::vector<uint8_t>& string_bytes() const { return string_bytes_; }

    // ---- string subroutines (gen_subr_string*.cpp): their bpf_loop callbacks, one of each kind
    // per program (a body depends only on its kind and strsize), so that many calls do not
    // multiply a program's functions (the kernel allows 256) ----
    std::map<std::pair<const bpf::Program*, std::string>, bpf::FunctionId> string_callbacks;

private:
    std::map<std::string, uint32_t> strings_;
    std::vector<uint8_t> string_bytes_;
};

// The program on sched_switch that lets vtimestamp count the running slice (gen_vtime.cpp); null
// without kernel types.
std::unique_ptr<bpf::Program> vtime_program(sema::TypeTable& types);

// The layout of an aggregation key element of type t that holds a user stack or a user symbol
// (gen_subr_ustack.cpp); false for other types.
bool user_key_field(const sema::Type* t, Field& k);

// llquantize()'s bucket index of v, for constant parameters (gen_agg.cpp; also run on the BPF
// interpreter by the unit tests).
bpf::VReg emit_llquantize_bucket(bpf::Function& f, bpf::VReg v, const formats::LlquantizeParams& p);

// The table dispatch the pid, USDT, syscall and sdt programs share (codegen.cpp). The row of a
// table map under a 4-byte key (returning from the program when there is none); *keyp, when
// asked, is the key's stack address.
bpf::VReg table_row_or_return(bpf::Function& f, uint32_t map, bpf::VReg key, bpf::VReg* keyp = nullptr);
// Calls each clause of clause_fns whose epid the row holds (0: not enabled): the epid of the
// clause at position i of `slots` is the 4-byte word at byte first + 4 * i of the row. exit() in
// an earlier clause stops the rest of the firing.
void call_row_clauses(bpf::Function& f, bpf::VReg ctx, bpf::VReg scratch, bpf::VReg st, bpf::VReg row, int16_t first,
                      const std::vector<uint32_t>& slots, uint32_t want,
                      const std::vector<std::pair<uint32_t, bpf::FunctionId>>& clause_fns);

// Lowers one clause into one BPF function: fn(ctx, scratch, epid).
class ClauseGen {
public:
    ClauseGen(Gen& g, bpf::Function& f, const sema::Clause& c, bool is_error_clause = false);
    void run();

    // The program's entry decides the predicate before it calls the clause, and nothing the
    // clause may change within a firing enters it (early_predicate.h): the clause does not test
    // it again.
    bool predicate_decided = false;

    // results
    uint32_t record_size = 16;
    uint32_t mask_words = 0;  // action bits after the header (abi::action_mask_words)
    // Sets action `index`'s bit: its data in the record is valid.
    void mark_action(uint32_t index);
    std::vector<ActionRecord> actions;

    // ---- expressions (gen_expr.cpp) ----
    bpf::VReg value(const sema::Node& n);        // integers and pointers, 64-bit normalised
    void normalize(bpf::VReg r, const sema::Type* t);
    void typecast(bpf::VReg r, const sema::Type* from, const sema::Type* to);
    bpf::VReg compare(const sema::Node& n);
    void compare_branch(const sema::Node& n, bpf::Label target, bool negate);
    void branch_if_false(const sema::Node& n, bpf::Label target);
    bpf::VReg builtin(const sema::Node& n);
    // The firing thread's identity (gen_identity.cpp): the current task's, or in the sdt
    // program the task the probe names (abi::kScratchIdentity).
    bool may_swap_identity() const;
    bpf::VReg current_pid_tgid();
    bpf::VReg current_task();
    void current_comm(bpf::VReg dst);
    // compare_branch() of execname against a short string constant, when it applies.
    bool execname_literal_branch(const sema::Node& n, bpf::Label target, bool negate);
    bpf::VReg current_uid_gid();  // gid << 32 | uid, as bpf_get_current_uid_gid
    bpf::VReg load_memory(const sema::Node& n);  // a Load node's value
    bpf::VReg address_of(const sema::Node& n);   // a Load node's address
    bpf::VReg var_address(const sema::Variable& v);
    void assign(const sema::Node& n, bpf::VReg* result);
    // ---- stores to memory (gen_store.cpp) ----
    bpf::VReg as_number(bpf::VReg v);  // a pointer as a plain number
    // A pointer the verifier accepts for `size` bytes at the D address `addr`, which must be
    // scratch memory the clause allocated or D variables' storage; anything else faults.
    bpf::VReg writable_address(bpf::VReg addr, uint32_t size);
    bpf::VReg lvalue_pointer(const sema::Node& lvalue);  // a Load's storage, for writing
    bpf::VReg load_lvalue(const sema::Node& lvalue, bpf::VReg p);
    void store_lvalue(const sema::Node& lvalue, bpf::VReg p, bpf::VReg v);
    bpf::VReg record_address(const sema::Node& n, bool* user);  // a struct value's bytes
    void copy_record(bpf::VReg dst, const sema::Node& n, uint64_t size);
    bpf::VReg store(const sema::Node& n);          // a Store node
    bpf::VReg memory_incdec(const sema::Node& n);  // ++/-- on a Load
    // ++/-- (n, an IncDec) of the value of n.a held at p, which `store` writes back (where the
    // value lives: memory, a variable, a dynamic variable's element): the new value for ++x and
    // --x, the old one for x++ and x--.
    bpf::VReg incdec(const sema::Node& n, bpf::VReg p, const std::function<void(bpf::VReg)>& store);
    // old op value for a compound assignment (op=), with the division checks and pointer scaling.
    bpf::VReg combine(sema::Op op, const sema::Type* t, bpf::VReg old, bpf::VReg value);
    void fault(uint32_t type, bpf::VReg addr);   // abandon the clause

    // ---- strings (gen_string.cpp) ----
    bpf::VReg string(const sema::Node& n);       // pointer to a NUL-terminated buffer
    // string(n) for reading its bytes: a NULL string (0: a string variable never assigned or
    // assigned 0, strchr() finding nothing, strtok() at its end) faults with an invalid address,
    // as reading it does in DTrace.
    bpf::VReg string_operand(const sema::Node& n);
    static bool string_never_null(const sema::Node& n);  // string(n) is always a buffer
    bpf::VReg var_string(const sema::Variable& v);     // a global's or this->'s string, or NULL
    // Assigns v and returns v's string.
    bpf::VReg assign_var_string(const sema::Variable& v, const sema::Node& value);
    // string(n) for a comparison: DTrace compares a NULL string as the empty string.
    bpf::VReg string_or_empty(const sema::Node& n);
    bpf::VReg string_temp();
    bpf::VReg second_frame(bpf::VReg bytes);
    // probeprov/probemod/probefunc/probename in the pid provider's programs: the firing probe's
    // entry of kProbeNamesMap, "" when it has none.
    bpf::VReg pid_probe_name(sema::BuiltinVar which);
    // errno at a syscall return probe (gen_syscall.cpp); 0 elsewhere.
    bpf::VReg syscall_errno();
    void copy_string(bpf::VReg dst, bpf::VReg src, bool user = false);
    bpf::VReg string_compare(bpf::VReg a, bpf::VReg b);  // <0, 0, >0 as a signed value

    // ---- subroutines: gen_expr.cpp calls the entry of the node's id in the table the group
    // files fill (gen_subr_table.h) ----
    bpf::VReg subroutine(const sema::Node& n);
    bpf::VReg speculation_value();  // speculation() (gen_speculation.cpp)
    // ---- user stacks and symbols (gen_subr_ustack.cpp) ----
    bpf::VReg user_builtin(const sema::Node& n);       // ucaller, ustackdepth, uregs[]
    // ustack() and the user symbols as recorded data: a record field, or an aggregation key
    // element written at `kf.offset` of `key`.
    static bool is_user_record(const sema::Node& n);
    Field user_record_value(const sema::Node& n);
    Field ustack_depth_record();         // ustackdepth as a recorded value (counted by the consumer)
    uint32_t shared_tail = 0;            // an unconditional user stack copy in the record (add_unwind_tail)
    int conditional_depth = 0;           // statements under an if
    void add_unwind_tail(Field& fld);    // the registers and stack copy after a user stack datum
    void user_key(const sema::Node& n, const Field& kf, bpf::VReg key);
    // At a pid entry probe the frame pointer still holds the caller's frame: the caller's
    // return address is at *(sp). Never/Always for a clause whose probes agree, else a test of
    // the probe id.
    enum class EntryMode { Never, Always, Check };
    EntryMode entry_mode() const;
    bpf::VReg is_entry_firing();  // 1 at an entry probe (EntryMode::Check)
    bpf::VReg user_register(int pt_regs_offset);  // one user register of the firing thread
    bpf::VReg write_user_stack(bpf::VReg dst, uint32_t frames);  // PCs at dst; returns bytes
    void write_unwind_tail(bpf::VReg base, uint32_t offset, uint32_t copy);  // registers, stack bytes
    // The user stack unwound in BPF through the files' CFI (gen_unwind.cpp): at most `frames`
    // PCs at dst; returns their bytes.
    bpf::VReg unwind_user_stack(bpf::VReg dst, uint32_t frames);
    std::optional<bpf::StackSlot> unwind_area;  // its state, one area per clause
    // At the start of a clause that uses scratch memory: nothing is allocated yet (DTrace gives
    // each enabled probe's clause fresh scratch space).
    void reset_scratch_allocations();
    // speculate(), commit(), discard() (gen_speculation.cpp).
    void speculation_action(const sema::Action& a, ActionRecord& rec);

    // ---- dynamic variables (gen_dynvar.cpp) ----
    bpf::VReg dynvar_read(const sema::Variable& v, const std::vector<sema::NodePtr>& keys);  // value address
    bpf::VReg dynvar_element(const sema::Variable& v, const std::vector<sema::NodePtr>& keys);  // for writing
    bpf::VReg var_storage(const sema::Node& var_addr, bool write);  // a VarAddr node's storage
    void dynvar_assign(const sema::Node& n, bpf::VReg* result);  // an Assign to a dynamic variable
    bpf::VReg dynvar_incdec(const sema::Node& n);
    bpf::VReg dynvar_key(const sema::Variable& v, const std::vector<sema::NodePtr>& keys);
    bpf::VReg dynvar_lookup(bpf::VReg key, bool null_if_missing = false);  // a string's: NULL
    void dynvar_store(bpf::VReg key, bpf::VReg value_or_string, const sema::Type* t);

    // ---- statements and actions (gen_action.cpp) ----
    void statements(const std::vector<sema::StmtPtr>& list);
    void action(const sema::Action& a);
    void aggregate(const sema::AggUpdate& u);  // gen_agg.cpp
    bpf::VReg hash_key(const sema::AggUpdate& u, const sema::Aggregation& agg, const AggDesc& desc);
    bpf::VReg hash_entry(const sema::Aggregation& agg, const AggDesc& desc, bpf::VReg key, bpf::Label done);
    bpf::VReg array_entry(const sema::Aggregation& agg, const AggDesc& desc, bpf::Label done);
    void update_entry(const sema::Aggregation& agg, const AggDesc& desc, bpf::VReg p, bpf::VReg v, bpf::VReg incr);
    Field record_value(const sema::Node& n);     // appends one datum to the record
    // bpf_get_stack()'s flags: skip the BPF frames (the entry program, this clause and, in an
    // ERROR clause, the faulting clause) where the stack is the current one; a perf event's
    // stack starts at the interrupted code and has none.
    int64_t stack_flags() const;
    // Kernel stacks that start at the probe site (gen_kstack.cpp): whether the firing's stack
    // begins with the tracing machinery's frames (tracepoints, BEGIN/END), how many of them
    // lead the `bytes` bytes of PCs at the stack room, the first kMachineryWindow frames
    // below the program's own there, bpf_get_stack's flags that skip both, caller and
    // stackdepth.
    bool stack_has_machinery() const;
    bpf::VReg machinery_frames(bpf::VReg bytes);
    bpf::VReg stack_window();
    bpf::VReg stack_skip();
    bpf::VReg kernel_caller();
    bpf::VReg kernel_stackdepth();
    bpf::VReg vtimestamp(const sema::Node& n);  // gen_vtime.cpp
    bpf::VReg ringbuf_wakeup_flags();  // BPF_RB_NO_WAKEUP, or FORCE once a quarter is pending
    void count_drop(int32_t scratch_offset);  // a per-CPU drop counter, one more
    bpf::VReg firing_timestamp();  // the firing's timestamp, read from the clock on first use

    Gen& g;
    bpf::Function& f;
    const sema::Clause& clause;
    bpf::VReg ctx, scratch, epid;
    bpf::VReg record;        // scratch + record offset
    bpf::VReg actions_mask;  // bits of the actions that ran
    bpf::Label fault_exit;
    uint32_t next_temp = 0;
    uint32_t current_action = 0;
    bool is_error_clause = false;  // a fault in an ERROR clause does not fire ERROR again
    bool can_fault = false;        // some operation jumps to fault_exit
    uint32_t fault_record_offset() const {
        return g.layout.fault + (is_error_clause ? ScratchLayout::kFaultRecordSpace : 0);
    }

    // ---- string subroutines (gen_subr_string*.cpp): the stack area of this clause that holds
    // their loop contexts, made on first use and shared by all of them (a subroutine's context is
    // dead when it returns; its arguments are evaluated before it sets the context up) ----
    std::optional<bpf::StackSlot> string_loop_area;
};

}  // namespace bdtrace::codegen
