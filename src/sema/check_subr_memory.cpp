// Memory subroutines: copyin, copyinstr, copyinto, bcopy, alloca, rand, progenyof.
//
// Each is one table entry holding DTrace's prototype (dt_open.c). Calls are checked as DTrace's
// dt_idcook_func/dt_idcook_sign check them: the arguments first, then their number (an optional
// parameter makes the message say "at least"), then each argument against its parameter with
// dt_node_is_argcompat's rules: integer parameters take integers only; `void *` parameters take
// pointers and arrays of any type (not userland ones), strings, and the constant 0.
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

enum class Param { Uintptr, Size, VoidPtr, Pid };
enum class Result { VoidPtr, String, Void, Int };

struct MemorySubr {
    const char* name;
    Subr subr;
    Result result;
    std::vector<Param> params;
    size_t required;  // the rest are optional ("[size_t]" in the prototype)
};

const std::vector<MemorySubr>& table() {
    static const std::vector<MemorySubr> kTable = {
        // Not DTrace's: the system library's psinfo_t translator reads the command line with it.
        {"__psargs", Subr::Psargs, Result::String, {Param::Uintptr, Param::Uintptr}, 2},
        {"__d_path", Subr::DPath, Result::String,
         {Param::VoidPtr, Param::VoidPtr, Param::Size, Param::Size, Param::Size, Param::Size, Param::Size,
          Param::Size, Param::Size}, 9},
        {"alloca", Subr::Alloca, Result::VoidPtr, {Param::Size}, 1},
        {"bcopy", Subr::Bcopy, Result::Void, {Param::VoidPtr, Param::VoidPtr, Param::Size}, 3},
        {"copyin", Subr::Copyin, Result::VoidPtr, {Param::Uintptr, Param::Size}, 2},
        {"copyinstr", Subr::Copyinstr, Result::String, {Param::Uintptr, Param::Size}, 1},
        {"copyinto", Subr::Copyinto, Result::Void, {Param::Uintptr, Param::Size, Param::VoidPtr}, 3},
        {"progenyof", Subr::Progenyof, Result::Int, {Param::Pid}, 1},
        {"rand", Subr::Rand, Result::Int, {}, 0},
    };
    return kTable;
}

const char* spelling(Param p) {
    switch (p) {
        case Param::Uintptr: return "uintptr_t";
        case Param::Size: return "size_t";
        case Param::VoidPtr: return "void *";
        case Param::Pid: return "pid_t";
    }
    return "";
}

bool compatible(Param p, const Node& arg) {
    const Type* t = arg.type;
    if (p != Param::VoidPtr) return t->is_integer();
    if (t->is_string()) return true;
    if (t->is_integer()) return arg.kind == NodeKind::Int && arg.value == 0;
    if (t->is_pointer()) return t->space != AddrSpace::User;
    return t->kind == TypeKind::Array;
}

}  // namespace

NodePtr Checker::memory_subroutine(const ast::Expr& e, size_t row) {
    const MemorySubr* def = &table().at(row);
    const std::string name = def->name;

    auto n = std::make_unique<Node>(NodeKind::Subr);
    n->subr = def->subr;
    n->range = e.range;
    for (const auto& a : e.args) n->args.push_back(rvalue(*a));

    size_t argc = n->args.size();
    bool optional = def->required < def->params.size();
    if (argc < def->required || argc > def->params.size()) {
        size_t expected = optional ? def->required : def->params.size();
        error("D_PROTO_LEN", e.range,
              name + "( ) prototype mismatch: " + std::to_string(argc) + (argc == 1 ? " arg " : " args ") +
                  "passed, " + (optional ? "at least " : "") + std::to_string(expected) + " expected");
    }
    for (size_t i = 0; i < argc; ++i) {
        if (compatible(def->params[i], *n->args[i])) continue;
        error("D_PROTO_ARG", e.args[i]->range,
              name + "( ) argument #" + std::to_string(i + 1) + " is incompatible with prototype:\n\tprototype: " +
                  spelling(def->params[i]) + "\n\t argument: " + n->args[i]->type->name);
    }

    switch (def->result) {
        case Result::VoidPtr: n->type = types.pointer_to(types.void_type()); break;
        case Result::String: n->type = types.string_type(); break;
        case Result::Void: n->type = types.void_type(); break;
        case Result::Int: n->type = types.int_type(4, true); break;
    }
    return n;
}

// The group's names in the call table (check_stmt.cpp), by row.
std::vector<std::string_view> memory_subroutine_names() {
    std::vector<std::string_view> names;
    for (const auto& d : table()) names.push_back(d.name);
    return names;
}

}  // namespace bdtrace::sema
