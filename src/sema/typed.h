// sema::TypedProgram: the checked program the code generator lowers. Every expression node has
// a type; names are resolved to variables, built-ins, subroutines and actions; probe
// descriptions are resolved to the probes they enable.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bdtrace/diagnostic.h"
#include "formats/agg_buckets.h"
#include "probes/probe.h"
#include "sema/types.h"

namespace bdtrace::sema {

struct Node;
using NodePtr = std::unique_ptr<Node>;
struct Translator;

enum class NodeKind {
    Int,        // integer constant (value)
    String,     // string constant (text)
    Global,     // global variable (var)
    ClauseVar,  // this->x (var)
    Builtin,    // built-in variable (builtin), args[] and argN included (index in value);
                //   uregs[i]: the index expression in args[0]
    Unary,      // op, a
    Binary,     // op, a, b (arithmetic, bitwise, comparisons incl. strings)
    Logical,    // op in {LogAnd, LogOr, LogXor}, a, b
    Cond,       // a ? b : c
    Cast,       // convert a to type
    Load,       // *a: read `type` from the address a (kernel or user space by a's type)
    AddrOf,     // &lvalue-in-memory
    Member,     // a.member (a is a struct value in memory) -> folded into Load by sema
    Assign,     // var (global, this-> or dynamic) op= b; op is Assign or a compound op; args:
                //   a dynamic variable's key tuple
    IncDec,     // ++/-- on a variable (var), or on memory (var null, a: the Load lvalue)
    Subr,       // subroutine call (subr, args)
    DynVar,     // a dynamic variable's element: var, args = the key tuple (none for self->x)
    Comma,      // a, b
    VarAddr,    // the address of a variable's storage (var; a dynamic variable's element, args:
                //   its keys): struct members are Loads from it
    Store,      // a op= b where a is a Load (an lvalue in memory): a struct member of a D
                //   variable (a Load from a VarAddr), or memory a writable pointer reaches,
                //   which must be D storage or scratch memory the clause allocated (checked
                //   at run time, as DTrace's dtrace_canstore() does); op is Assign or compound
    ActCall,    // a tracing or aggregating function called where a value is expected (text:
                //   its name, value: 1 when aggregating, args): type void, sema only; refused
                //   once its clause is checked (D_CG_EXPR), as DTrace's code generator does
};

enum class Op {
    Add, Sub, Mul, Div, Mod, Shl, Shr, And, Or, Xor,
    Lt, Le, Gt, Ge, Eq, Ne, LogAnd, LogOr, LogXor,
    Neg, Not, BitNot, Assign, PreInc, PreDec, PostInc, PostDec
};

struct Variable {
    enum class Scope { Global, Clause, Thread };
    Scope scope = Scope::Global;
    std::string name;
    const Type* type = nullptr;
    uint32_t id = 0;       // index within its scope
    uint32_t offset = 0;   // byte offset within its storage area, assigned by sema
    SourceRange first_use;
    // Dynamic variables (self->x, associative arrays a[k] and self->a[k]) live in a hash map,
    // keyed by their dynamic id, the thread (self->) and the key tuple.
    bool assoc = false;
    std::vector<const Type*> keys;  // assoc: the key signature the declaration or first use fixed
    bool keys_declared = false;     // assoc: declared `T a[K...]`
    uint32_t dyn_id = 0;            // 1.. for dynamic variables
    bool dynamic() const { return scope == Scope::Thread || assoc; }
};

enum class BuiltinVar {
    Arg, Args, Cpu, Curthread, Epid, Errno, Execname, Gid, Id, Pid, Ppid, Probeprov, Probemod,
    Probefunc, Probename, Tid, Timestamp, Vtimestamp, Walltimestamp, Uid, Stackdepth, Caller,
    Ucaller, Uregs, Ipl, Curcpu,
    Ustackdepth,  // check_subr_ustack.cpp, gen_subr_ustack.cpp (with Ucaller and Uregs)
};

// Subroutines, grouped by the files that check and lower them.
enum class Subr {
    Stack,  // check_stmt.cpp, gen_action.cpp
    // strings and byte order: check_subr_string.cpp, gen_subr_string.cpp
    Strlen, Strjoin, Substr, Index, Rindex, Strstr, Strchr, Strrchr, Strtok, Toupper, Tolower,
    Lltostr, Strtoll, Basename, Dirname, Cleanpath, InetNtoa, InetNtoa6, InetNtop, Htons, Htonl,
    Htonll, Ntohs, Ntohl, Ntohll,
    // memory: check_subr_memory.cpp, gen_subr_memory.cpp
    Copyin, Copyinstr, Copyinto, Bcopy, Alloca, Rand, Progenyof,
    Psargs,  // __psargs(start, end): the D system library's pr_psargs (dlib/d/procfs.d)
    DPath,   // __d_path(dentry, vfsmount, offsets...): the library's paths (gen_subr_dpath.cpp)
    // speculations: check_speculation.cpp, gen_speculation.cpp
    Speculation,
    // user stacks and symbols: check_subr_ustack.cpp, gen_subr_ustack.cpp
    Ustack, Ufunc, Usym, Umod, Uaddr,
    // kernel symbols, the same units: sym(), func(), mod()
    Sym, Func, Mod,
    Count,  // not a subroutine: the number of ids, last whatever is added above it
};
// The number of Subr ids: codegen's subroutine table has one entry each (a unit test checks
// that every id below it has a lowering).
inline constexpr size_t kSubrCount = static_cast<size_t>(Subr::Count);

struct Node {
    NodeKind kind;
    const Type* type = nullptr;
    SourceRange range;
    uint64_t value = 0;   // Int; Builtin: argument index; Load: byte offset added to a
    uint32_t bit_offset = 0, bit_size = 0;  // Load of a bit-field: bits within the loaded unit
    std::string text;     // String
    Op op = Op::Add;
    Variable* var = nullptr;
    BuiltinVar builtin = BuiltinVar::Arg;
    Subr subr = Subr::Strlen;
    NodePtr a, b, c;
    std::vector<NodePtr> args;
    // Sema only: a translated value (xlate, in a Cast node whose `a` is the input), which only
    // member access uses; it never reaches the code generator (check_xlate.cpp).
    const Translator* xlator = nullptr;
    // DTrace's DT_NF_WRITABLE: a D variable, a cast to a pointer type, and what * . -> and []
    // reach from a writable operand (`*(E1 + E2)` from a writable E1) may be assigned.
    bool writable = false;
    // A string made of a char array of this many elements (a translated member such as
    // pr_name): indexing it with a constant is checked against the array's bounds.
    uint64_t char_array = 0;
    explicit Node(NodeKind k) : kind(k) {}
};

enum class ActionKind {
    Trace, Printf, Exit, Tracemem, Printm, Raise, Stop, System, Chill, Copyout, Copyoutstr,
    Freopen,  // printf-like: the consumer sends its output to the file the format names
    Ftruncate,  // the consumer empties its output file
    Print,      // trace() of a value printed by its type (illumos's print() layout)
    Breakpoint, Panic,  // destructive actions this kernel cannot do: refused by the code generator
    Stack, Printa, Clear, Trunc, Normalize, Denormalize, Setopt,
    Speculate, Commit, Discard,  // check_speculation.cpp, gen_speculation.cpp
    Default
};

struct PrintfArg {
    NodePtr value;
};

struct Action {
    ActionKind kind;
    SourceRange range;
    std::vector<NodePtr> args;   // the action's arguments (printf: after the format)
    std::string format;          // Printf/System: the format string constant
    uint32_t index = 0;          // action index within the clause (ERROR's arg2)
    uint64_t size = 0;           // Tracemem/Printm: the constant number of bytes
    std::vector<uint32_t> aggs;  // Printa (one or more), Clear, Trunc, (De)normalize: ids
    int64_t keep = 0;            // Trunc: entries to keep (0: none; negative: the smallest)
};

enum class AggFunc { Count, Sum, Min, Max, Avg, Stddev, Quantize, Lquantize, Llquantize };

// One aggregation of the program (@name), with the function and key signature its first use
// gave it.
struct Aggregation {
    uint32_t id = 0;
    std::string name;  // "@_" for the anonymous one
    AggFunc func = AggFunc::Count;
    std::vector<const Type*> keys;
    int64_t base = 0, step = 1, levels = 0;  // lquantize
    formats::LlquantizeParams llquantize;      // llquantize: factor, low, high, nsteps
    SourceRange first;
};

// @name[keys] = func(value[, increment]).
struct AggUpdate {
    Aggregation* agg = nullptr;
    std::vector<NodePtr> keys;
    NodePtr value;      // null for count()
    NodePtr increment;  // null: 1
};

inline NodePtr node(NodeKind k, const Type* t, SourceRange r) {
    auto n = std::make_unique<Node>(k);
    n->type = t;
    n->range = r;
    return n;
}

// A reference to an aggregation (@a) where a value is expected: it has no value, and the
// context reports why (see check_expr.cpp).
inline bool is_aggregation_ref(const Node& n) {
    return n.type && n.type->kind == TypeKind::Function && n.type->name == "aggregation";
}

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Stmt {
    enum class Kind { Expr, Action, If, Aggregate };
    Kind kind;
    SourceRange range;
    NodePtr expr;                      // Expr; If: condition
    std::unique_ptr<Action> action;    // Action
    std::vector<StmtPtr> then_body, else_body;  // If
    std::unique_ptr<AggUpdate> agg;    // Aggregate
};

// One probe a clause is enabled on, from the probe layer.
struct EnabledProbe {
    uint32_t probe_id = 0;   // DTrace probe id (the ID column)
    std::string provider, module, function, name;
    // A probe several descriptions of the clause match is enabled once per description (DTrace
    // makes each description its own enabling): 0 for the first, 1 for the second...
    uint32_t occurrence = 0;
    // The probe itself (the registry's, which outlives the program): its attach plan.
    const probes::Probe* probe = nullptr;
};

struct Clause {
    uint32_t index = 0;                  // position in the program
    std::vector<EnabledProbe> probes;
    // The descriptions a dynamic provider serves (pid<N>:...): matched again while tracing when
    // the process loads a library.
    std::vector<probes::Description> dynamic_descriptions;
    NodePtr predicate;                   // null when absent
    std::vector<StmtPtr> body;
    bool has_body = false;
    SourceRange range;
};

struct TypedProgram {
    std::vector<Clause> clauses;
    std::vector<std::unique_ptr<Variable>> globals, clause_vars, thread_vars;
    std::vector<Variable*> dynamic_vars;  // by dyn_id - 1
    std::vector<std::unique_ptr<Aggregation>> aggregations;
    uint32_t globals_size = 0;      // bytes of the global variable area
    uint32_t clause_vars_size = 0;  // bytes of the this-> area
    uint32_t strsize = 256;
    uint32_t matched_probes = 0;
    bool destructive = false;  // uses an action that needs -w
    bool speculations = false;  // uses speculation(), speculate(), commit() or discard()
};

}  // namespace bdtrace::sema
