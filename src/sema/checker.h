// The type checker's state, shared by its files (sema.cpp: program scope and declarations;
// check_expr.cpp: expressions; check_member.cpp: members and subscripts; check_stmt.cpp:
// statements and actions).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "formats/printf_check.h"
#include "sema/sema.h"

namespace bdtrace::sema {

// Thrown after an error: DTrace reports the first error of a program.
struct CheckAbort {};

// A translator definition (check_xlate.cpp); its types are resolved when first needed.
struct Translator {
    const ast::TranslatorDef* def = nullptr;
    bool library = false;  // from the D system library: checked when first used
    const Type* out = nullptr;
    const Type* in = nullptr;
    bool checked = false;
    bool checking = false;  // its members are being checked
};

// A copy of a typed expression (a translator's input, used once per member expression).
NodePtr clone_node(const Node& n);

// The function names each subroutine group checks, in the order of the group's own table (its
// one list of names): the call table (check_stmt.cpp) sends a call to the group of its name with
// the name's row in that table.
std::vector<std::string_view> ustack_subroutine_names();       // check_subr_ustack.cpp
std::vector<std::string_view> string_subroutine_names();       // check_subr_string.cpp
std::vector<std::string_view> memory_subroutine_names();       // check_subr_memory.cpp
std::vector<std::string_view> speculation_subroutine_names();  // check_speculation.cpp
std::vector<std::string_view> kernel_subroutine_names();       // check_subr_kernel.cpp

// How the printf()/printa() format checker sees a D type (check_stmt.cpp).
formats::ArgType printf_arg_type(const Type* t);

class Checker {
public:
    Checker(TypeTable& types, probes::Registry& registry, const SemaOptions& opts,
            DiagnosticList& diags);

    // Several programs of one consumer are checked together: they share global variables.
    std::unique_ptr<TypedProgram> run(const std::vector<const ast::Program*>& programs);

    // ---- program scope (sema.cpp) ----
    void declaration(const ast::Declaration& d);
    void inline_def(const ast::InlineDef& d, bool library = false);
    void declare_dynamic(bool thread, const ast::Declarator& decl, const Type* t);
    void clause(const ast::Clause& c, uint32_t index);
    void library_program(const ast::Program& lib, size_t index);
    std::vector<EnabledProbe> match_probes(const ast::Clause& c);
    const Type* type_of(const ast::DeclSpecs& specs, const ast::Declarator& d);
    const Type* type_of(const ast::TypeName& t) { return type_of(t.specs, t.decl); }
    const Type* base_type(const ast::DeclSpecs& specs);

    // ---- translators (check_xlate.cpp) ----
    void translator_def(const ast::TranslatorDef& d, bool library);
    const Type* translator_output(Translator& x);
    void check_translator(Translator& x);
    NodePtr placeholder(const Translator& x);
    NodePtr bind_input(const Translator& x, NodePtr input, const std::function<NodePtr()>& body);
    NodePtr xlate_input(const std::string& name);  // null unless `name` is the bound input
    NodePtr xlate(const ast::Expr& e);
    // xlate <target> (arg) on a typed value: for providers whose probe arguments are translated
    // (the io provider's args[0] is xlate <bufinfo_t *> of its struct bio *).
    NodePtr translate(NodePtr arg, const Type* target, SourceRange r);
    NodePtr translated_member(NodePtr base, const ast::Expr& e);
    void check_library();  // every library translator and inline, as if used
    void materialize_xlate(NodePtr& n);
    void materialize_xlate(std::vector<StmtPtr>& body);
    std::vector<std::unique_ptr<Translator>> translators;
    // Names bound to typed values: a translator's input while its member expressions are
    // checked, a parameterised inline's parameters (fds[int fd]) while its value is. Only the
    // innermost frame is visible.
    struct XlateInput {
        std::vector<std::pair<std::string, NodePtr>> names;
    };
    std::vector<XlateInput> xlate_inputs;  // innermost last
    // Inlines and translator members being expanded: one defined in terms of itself would
    // expand forever (checked by expanding(), which throws on re-entry).
    std::vector<std::string> expansions;
    struct Expansion {
        std::vector<std::string>& stack;
        ~Expansion() { stack.pop_back(); }
    };
    void enter_expansion(const std::string& what, SourceRange r, Tag tag, const std::string& msg);
    NodePtr bind_names(XlateInput frame, const std::function<NodePtr()>& body);
    NodePtr inline_element(const ast::Expr& e, const ast::InlineDef& d);  // fds[0]

    // ---- expressions (check_expr.cpp) ----
    NodePtr expr(const ast::Expr& e);
    NodePtr rvalue(const ast::Expr& e);  // arrays decay, bit-fields read, etc.
    NodePtr rvalue_of(NodePtr n);
    NodePtr ident(const ast::Expr& e);
    NodePtr kernel_symbol(const ast::Expr& e);
    NodePtr unary(const ast::Expr& e);
    NodePtr binary(const ast::Expr& e);
    NodePtr assign(const ast::Expr& e);
    void check_assignment(Op op, const char* text, const Type* target, NodePtr& value, SourceRange r,
                          bool dynamic_zero_ok = false);
    NodePtr member(const ast::Expr& e);
    NodePtr index(const ast::Expr& e);
    NodePtr call(const ast::Expr& e);
    // A tracing or aggregating function used as a value (check_action_value.cpp): its call
    // checked against DTrace's prototype, a void ActCall node; null for other names.
    NodePtr action_value(const ast::Expr& e, const std::string& name);
    void check_prototype(const std::string& name, const std::string& signature, SourceRange r,
                         const std::vector<NodePtr>& args);
    // D_CG_EXPR for the first ActCall left in a clause (predicate first, then the statements).
    void check_no_action_values(const Node* predicate, const std::vector<StmtPtr>& body);
    NodePtr stack_value(const ast::Expr& e);
    // Dynamic variables (check_dynvar.cpp).
    bool is_dynamic_target(const ast::Expr& e) const;
    NodePtr dynamic_element(const ast::Expr& e, const Type* assigned);
    Variable* dynamic_variable(bool thread, bool assoc, const std::string& name, const Type* assigned,
                               SourceRange r);
    // Subroutine calls by group (the call table in check_stmt.cpp picks one by name): `row` is
    // the name's row in the group's table (the order of its *_subroutine_names()).
    NodePtr string_subroutine(const ast::Expr& e, size_t row);       // check_subr_string.cpp
    NodePtr memory_subroutine(const ast::Expr& e, size_t row);       // check_subr_memory.cpp
    NodePtr speculation_subroutine(const ast::Expr& e, size_t row);  // check_speculation.cpp
    NodePtr kernel_subroutine(const ast::Expr& e, size_t row);       // check_subr_kernel.cpp
    // ustack(), ufunc(), usym(), umod(), uaddr() values, uregs[i] and the statements that are
    // these actions (check_subr_ustack.cpp); ustack_action is null when `call` is none of them.
    NodePtr ustack_subroutine(const ast::Expr& e, size_t row);
    NodePtr uregs_element(const ast::Expr& e);
    std::unique_ptr<Action> ustack_action(const ast::Expr& call);
    NodePtr cast(NodePtr n, const Type* to, SourceRange r);
    NodePtr int_const(uint64_t v, const Type* t, SourceRange r);
    Variable* variable(Variable::Scope scope, const std::string& name, const Type* assigned,
                       SourceRange r);

    // ---- statements and actions (check_stmt.cpp) ----
    std::vector<StmtPtr> statements(const std::vector<ast::StmtPtr>& list);
    StmtPtr statement(const ast::Stmt& s);
    std::unique_ptr<Action> action(const ast::Expr& call, const std::string& name);
    bool is_aggregation(const ast::Expr& e);
    // printa, clear, trunc, normalize, denormalize, setopt (check_agg_action.cpp); null when
    // `call` is none of them.
    std::unique_ptr<Action> aggregation_action(const ast::Expr& call);
    std::unique_ptr<Action> printa(const ast::Expr& call);
    std::unique_ptr<Action> one_aggregation_action(const ast::Expr& call, ActionKind kind);
    std::unique_ptr<Action> setopt(const ast::Expr& call);
    // speculate(), commit(), discard() (check_speculation.cpp); null for other calls.
    std::unique_ptr<Action> speculation_action(const ast::Expr& call);
    // DTrace's rules on the actions around speculate() and commit(), checked after each
    // statement of a clause (check_speculation.cpp).
    void speculation_rules(const Stmt& s);
    enum class SpecAct : uint8_t { Speculate, Commit, Discard, Aggregate, Exit, Destructive, Record };
    std::vector<SpecAct> spec_acts;  // the current clause's actions so far
    uint32_t aggregation_id(const ast::Expr& e);
    bool aggregation_ref_creates = false;  // @a[...]: the reference creates @a (check_expr.cpp)
    StmtPtr aggregation(const ast::Expr& e);  // check_agg.cpp

    [[noreturn]] void error(Tag tag, SourceRange r, const std::string& msg);
    // While a clause's actions are cooked before its predicate, an error is held here instead
    // of reported: an unknown variable sends DTrace back to cook the predicate first.
    bool hold_errors = false;
    std::optional<Diagnostic> held;

    TypeTable& types;
    probes::Registry& registry;
    const SemaOptions& opts;
    DiagnosticList& diags;
    std::unique_ptr<TypedProgram> prog;
    std::map<std::string, Variable*> globals, clause_vars, thread_vars;
    std::map<std::string, const ast::InlineDef*> inlines;
    std::map<std::string, std::pair<int64_t, const Type*>> enumerators;
    uint32_t action_index = 0;  // within the current clause
    // The current clause's probes, for args[] (untyped on pid probes: the argument registers).
    const std::vector<EnabledProbe>* clause_probes = nullptr;
    // The current clause's first probe description as written (":::BEGIN"), which DTrace's
    // args[] errors name (it compiles a clause once per description).
    std::string clause_desc;
    [[noreturn]] void args_unstable(SourceRange r);
    [[noreturn]] void args_out_of_range(uint64_t index, SourceRange r);
    NodePtr untyped_arg(const ast::Expr& e);
    // args[index]'s type at the syscall probes of one call (its tracefs format, else BTF), else
    // null (check_syscall_args.cpp); *out_of_range when the call has fewer arguments.
    const Type* syscall_arg_type(uint64_t index, bool* out_of_range);
    const Type* sdt_arg_type(uint64_t index, bool* out_of_range);
    const Type* fbt_arg_type(uint64_t index, bool* out_of_range);  // check_fbt_args.cpp
    // The type of a tracepoint's argument, from its btf_trace_<event> prototype (null when
    // BTF lacks it; *out_of_range when the tracepoint has fewer).
    const Type* tracepoint_arg_type(const std::string& tracepoint, uint64_t index, bool* out_of_range);
    // args[index] of a clause whose probes are all one proc or sched probe, computed from the
    // tracepoint's arguments (check_mapped_args.cpp); null for other clauses.
    NodePtr mapped_arg(uint64_t index, const ast::Expr& e);
    // args[index] at probes whose provider computes args[] by translation (io: bufinfo_t *),
    // else null (check_translated_args.cpp); *out_of_range past the provider's arguments.
    NodePtr translated_arg(uint64_t index, SourceRange r, bool* out_of_range);
};

}  // namespace bdtrace::sema
