// String and byte-order subroutines: strlen, strjoin, substr, index, rindex, strstr, strchr,
// strrchr, strtok, toupper, tolower, lltostr, strtoll, basename, dirname, cleanpath, inet_ntoa,
// inet_ntoa6, inet_ntop, htons/htonl/htonll, ntohs/ntohl/ntohll. (stringof is an operator, checked
// with the other expressions.)
//
// Each subroutine is one table row with DTrace's prototype (dt_open.c); the arguments are checked
// as DTrace's dt_idcook_sign() does, with its messages. Integer arguments keep their own type:
// DTrace passes a subroutine the 64-bit value of each argument, whatever the prototype says.
#include "sema/checker.h"

namespace bdtrace::sema {

namespace {

// The parameter types of the prototypes, with the names DTrace prints for them.
enum class Param { Str, Char, Int, Int64, U16, U32, U64, IpAddr, In6Addr, VoidPtr };
enum class Ret { String, Int, SizeT, Int64, U16, U32, U64 };

const char* param_name(Param p) {
    switch (p) {
        case Param::Str: return "const char *";
        case Param::Char: return "char";
        case Param::Int: return "int";
        case Param::Int64: return "int64_t";
        case Param::U16: return "uint16_t";
        case Param::U32: return "uint32_t";
        case Param::U64: return "uint64_t";
        case Param::IpAddr: return "ipaddr_t *";
        case Param::In6Addr: return "in6_addr_t *";
        case Param::VoidPtr: return "void *";
    }
    return "";
}

struct SubrDef {
    const char* name;
    Subr subr;
    Ret ret;
    int required, total;  // arguments after `required` are optional ("[int]" in dt_open.c)
    Param params[3];
};

constexpr SubrDef kSubrs[] = {
    {"strlen", Subr::Strlen, Ret::SizeT, 1, 1, {Param::Str}},
    {"strjoin", Subr::Strjoin, Ret::String, 2, 2, {Param::Str, Param::Str}},
    {"substr", Subr::Substr, Ret::String, 2, 3, {Param::Str, Param::Int, Param::Int}},
    {"index", Subr::Index, Ret::Int, 2, 3, {Param::Str, Param::Str, Param::Int}},
    {"rindex", Subr::Rindex, Ret::Int, 2, 3, {Param::Str, Param::Str, Param::Int}},
    {"strstr", Subr::Strstr, Ret::String, 2, 2, {Param::Str, Param::Str}},
    {"strchr", Subr::Strchr, Ret::String, 2, 2, {Param::Str, Param::Char}},
    {"strrchr", Subr::Strrchr, Ret::String, 2, 2, {Param::Str, Param::Char}},
    {"strtok", Subr::Strtok, Ret::String, 2, 2, {Param::Str, Param::Str}},
    {"toupper", Subr::Toupper, Ret::String, 1, 1, {Param::Str}},
    {"tolower", Subr::Tolower, Ret::String, 1, 1, {Param::Str}},
    {"lltostr", Subr::Lltostr, Ret::String, 1, 2, {Param::Int64, Param::Int}},
    {"strtoll", Subr::Strtoll, Ret::Int64, 1, 2, {Param::Str, Param::Int}},
    {"basename", Subr::Basename, Ret::String, 1, 1, {Param::Str}},
    {"dirname", Subr::Dirname, Ret::String, 1, 1, {Param::Str}},
    {"cleanpath", Subr::Cleanpath, Ret::String, 1, 1, {Param::Str}},
    {"inet_ntoa", Subr::InetNtoa, Ret::String, 1, 1, {Param::IpAddr}},
    {"inet_ntoa6", Subr::InetNtoa6, Ret::String, 1, 1, {Param::In6Addr}},
    {"inet_ntop", Subr::InetNtop, Ret::String, 2, 2, {Param::Int, Param::VoidPtr}},
    {"htons", Subr::Htons, Ret::U16, 1, 1, {Param::U16}},
    {"htonl", Subr::Htonl, Ret::U32, 1, 1, {Param::U32}},
    {"htonll", Subr::Htonll, Ret::U64, 1, 1, {Param::U64}},
    {"ntohs", Subr::Ntohs, Ret::U16, 1, 1, {Param::U16}},
    {"ntohl", Subr::Ntohl, Ret::U32, 1, 1, {Param::U32}},
    {"ntohll", Subr::Ntohll, Ret::U64, 1, 1, {Param::U64}},
};

bool is_null_constant(const Node& n) {
    return n.kind == NodeKind::Int && n.value == 0 && (n.type->is_integer() || n.type->is_pointer());
}

bool is_char_pointer(const Type* t) {
    return (t->kind == TypeKind::Pointer || t->kind == TypeKind::Array) && t->target && t->target->is_char();
}

// dt_node_is_argcompat() for the parameter types above: integers match integers, strings match
// strings and char pointers and arrays, and pointers match as dt_node_is_ptrcompat() says (void *
// matches every pointer, the constant 0 is a null pointer).
bool compatible(Param p, const Node& arg) {
    const Type* t = arg.type;
    switch (p) {
        case Param::Char: case Param::Int: case Param::Int64:
        case Param::U16: case Param::U32: case Param::U64:
            return t->is_integer();
        case Param::Str:
            return t->is_string() || is_char_pointer(t) || is_null_constant(arg) ||
                   (t->is_pointer() && t->target->is_void());
        case Param::IpAddr:
            // ipaddr_t is a uint32_t; D on Linux has no such name, so any 4-byte integer will do.
            return is_null_constant(arg) || (t->is_pointer() && (t->target->is_void() ||
                   (t->target->is_integer() && t->target->size == 4)));
        case Param::In6Addr:
            return is_null_constant(arg) || (t->is_pointer() && (t->target->is_void() ||
                   t->target->name == "struct in6_addr" || t->target->name == "in6_addr_t"));
        case Param::VoidPtr:
            return is_null_constant(arg) || t->is_pointer();
    }
    return false;
}

}  // namespace

NodePtr Checker::string_subroutine(const ast::Expr& e, size_t row) {
    const SubrDef* def = &kSubrs[row];
    const std::string name = def->name;

    size_t n = e.args.size();
    if (static_cast<int>(n) < def->required || static_cast<int>(n) > def->total) {
        // DTrace words a prototype with optional arguments as "at least" its required ones.
        std::string expected = def->required < def->total ? "at least " + std::to_string(def->required)
                                                          : std::to_string(def->total);
        error("D_PROTO_LEN", e.range, name + "( ) prototype mismatch: " + std::to_string(n) + " arg" +
                                          (n == 1 ? "" : "s") + " passed, " + expected + " expected");
    }

    auto out = std::make_unique<Node>(NodeKind::Subr);
    out->subr = def->subr;
    out->range = e.range;
    // DTrace cooks every argument before it compares them with the prototype.
    std::vector<NodePtr> args;
    for (const auto& a : e.args) args.push_back(rvalue(*a));
    for (size_t i = 0; i < n; ++i) {
        NodePtr arg = std::move(args[i]);
        if (!compatible(def->params[i], *arg))
            error("D_PROTO_ARG", e.args[i]->range,
                  name + "( ) argument #" + std::to_string(i + 1) + " is incompatible with prototype:\n\tprototype: " +
                      param_name(def->params[i]) + "\n\t argument: " + arg->type->name);
        // A string argument is read as a string whatever it is written as (a char array, a
        // pointer); strtok()'s NULL stays a constant: it means "go on where the last call
        // stopped".
        bool keep_null = def->subr == Subr::Strtok && i == 0 && (is_null_constant(*arg) || arg->type->is_pointer());
        if (def->params[i] == Param::Str && !arg->type->is_string() && !keep_null) {
            SourceRange r = arg->range;
            arg = cast(std::move(arg), types.string_type(), r);
        }
        out->args.push_back(std::move(arg));
    }

    switch (def->ret) {
        case Ret::String: out->type = types.string_type(); break;
        case Ret::Int: out->type = types.int_type(4, true); break;
        case Ret::SizeT: out->type = types.lookup_typedef("size_t"); break;
        case Ret::Int64: out->type = types.lookup_typedef("int64_t"); break;
        case Ret::U16: out->type = types.lookup_typedef("uint16_t"); break;
        case Ret::U32: out->type = types.lookup_typedef("uint32_t"); break;
        case Ret::U64: out->type = types.lookup_typedef("uint64_t"); break;
    }

    // strtok() remembers where it stopped for the rest of the probe firing, in every clause:
    // state shared by the clauses of one firing is what this-> variables are, so it is kept in a
    // hidden one (a name no D program can write) of three words: where it stopped, where that
    // string's strsize characters end, and the firing (gen_subr_strtok.cpp).
    if (def->subr == Subr::Strtok)
        out->var = variable(Variable::Scope::Clause, "strtok()", types.array_of(types.int_type(8, false), 3), e.range);
    return out;
}

// The group's names in the call table (check_stmt.cpp), by row.
std::vector<std::string_view> string_subroutine_names() {
    std::vector<std::string_view> names;
    for (const auto& d : kSubrs) names.push_back(d.name);
    return names;
}

}  // namespace bdtrace::sema
