// The checks DTrace makes on declarators (dt_decl.c's dt_decl_array, dt_decl_member,
// dt_decl_enumerator and dt_parser.c's dt_node_decl), in DTrace's order, at the point of the
// parse where DTrace makes them. What they learn goes into the declared-names table.
#include <algorithm>
#include <climits>

#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

bool has_scope(const std::string& name) { return name.find('`') != std::string::npos; }

const char* ident_kind_name(DeclaredNames::Ident::Kind k) {
    switch (k) {
        case DeclaredNames::Ident::Kind::Scalar: return "scalar";
        case DeclaredNames::Ident::Kind::Array: return "associative array";
        case DeclaredNames::Ident::Kind::Enumerator: return "enumerator";
    }
    return "<?>";
}

bool is_void_keyword(const DeclSpecs& s) {
    return s.base.kind == BaseType::Kind::Keywords &&
           std::find(s.base.words.begin(), s.base.words.end(), "void") != s.base.words.end();
}

}  // namespace

void Parser::check_array(const DeclSpecs& specs, bool of_base, bool after_array,
                         const DeclaratorOp& op, const std::vector<SourceRange>& ends) {
    SourceRange at = after_last();  // the ']'
    if (after_array && op.assoc)
        error("D_DECL_DYNOBJ", at, "cannot declare array of associative arrays");
    if (of_base && is_void_keyword(specs)) error("D_DECL_VOIDOBJ", at, "cannot declare array of void");
    if (op.assoc) {
        check_prototype(op.params, op.varargs, ends, nullptr, "array", ProtoAnon, at);
        return;
    }
    if (!op.size) return;
    auto n = fold_constant(*op.size, names_);
    if (!is_positive_constant(n))
        error("D_DECL_ARRSUB", at,
              "positive integral constant expression or tuple signature expected as array "
              "declaration subscript");
    if (n->value > UINT_MAX) error("D_DECL_ARRBIG", at, "array dimension too big");
}

void Parser::check_declaration(const DeclSpecs& specs, const Declarator* d, SourceRange at) {
    check_resolves(specs, at);
    if (!d) {
        // Only a struct, union or enum may be declared without naming anything.
        auto k = specs.base.kind;
        if (k != BaseType::Kind::Struct && k != BaseType::Kind::Union && k != BaseType::Kind::Enum)
            error("D_DECL_USELESS", at, "useless declaration");
        return;
    }
    const std::string& name = d->name;
    if (has_scope(name))
        error("D_DECL_SCOPE", at,
              "D scoping operator may not be used in a declaration name (" + name + ")");
    DType type = names_.resolve(specs, d->ops);
    const DeclaratorOp* top = d->ops.empty() ? nullptr : &d->ops.front();

    Storage cls = specs.storage;
    // A function prototype declares an external function whatever its class says.
    if (top && top->kind == DeclaratorOp::Kind::Function &&
        (cls == Storage::None || cls == Storage::Static))
        cls = Storage::Extern;
    switch (cls) {
        case Storage::Auto:
        case Storage::Register:
        case Storage::Static:
            error("D_DECL_BADCLASS", at, "specified storage class not appropriate in D");
        case Storage::Extern: return;  // a kernel symbol: matched against the kernel later
        case Storage::Typedef:
            if (names_.ident(DeclaredNames::Scope::Global, name))
                error("D_DECL_IDRED", at, "global variable identifier redeclared: " + name);
            if (names_.program_typedef(name)) error("D_DECL_IDRED", at, "typedef redeclared: " + name);
            names_.add_typedef(name, type);
            return;
        default: break;
    }

    auto scope = cls == Storage::Self   ? DeclaredNames::Scope::Thread
                 : cls == Storage::This ? DeclaredNames::Scope::Clause
                                        : DeclaredNames::Scope::Global;
    bool is_array = top && top->kind == DeclaratorOp::Kind::Array;
    if (is_array && !top->assoc && !top->size)
        error("D_DECL_ARRNULL", at,
              "array declaration requires array dimension or tuple signature: " + name);
    if (names_.is_d_typedef(name))
        error("D_DECL_IDRED", at, "typedef identifier redeclared: " + name);
    bool assoc = is_array && top->assoc;
    if (assoc && cls == Storage::This)
        error("D_DECL_LOCASSC", at,
              "associative arrays may not be declared as local variables: " + name);
    DType value = assoc ? names_.resolve(specs, d->ops, 1) : type;
    auto kind = assoc ? DeclaredNames::Ident::Kind::Array : DeclaredNames::Ident::Kind::Scalar;
    if (const auto* prev = names_.ident(scope, name)) {
        if (prev->kind != kind || prev->type_name != value.name)
            error("D_DECL_IDRED", at,
                  "identifier redeclared: " + name + "\n\t current: " + ident_kind_name(kind) +
                      " " + value.name + "\n\tprevious: " + ident_kind_name(prev->kind) + " " +
                      prev->type_name);
        return;
    }
    if (value.is_void()) error("D_DECL_VOIDOBJ", at, "cannot have void object: " + name);
    DeclaredNames::Ident id;
    id.kind = kind;
    id.type_name = value.name;
    names_.add_ident(scope, name, id);
}

void Parser::check_member(const DeclSpecs& specs, const Declarator& d, RecordInfo& rec,
                          SourceRange at) {
    check_resolves(specs, at);
    const std::string& name = d.name;
    const std::string shown = name.empty() ? "(anon)" : name;
    DType type = names_.resolve(specs, d.ops);
    if (has_scope(name))
        error("D_DECL_SCOPE", at, "D scoping operator may not be used in a member name (" + name + ")");
    if (type.kind == DType::Kind::Dynamic)
        error("D_DECL_DYNOBJ", at, "cannot have dynamic member: " + name);
    // DTrace prints the missing name of an unnamed member with printf's "(null)".
    if (type.is_void() || type.kind == DType::Kind::Function)
        error("D_DECL_VOIDOBJ", at, "cannot have void member: " + (name.empty() ? "(null)" : name));
    // A member held by value (or in an array) of a struct or union that is not defined yet,
    // neither earlier in the program nor in the kernel: DTrace refuses it as it parses the
    // member, before anything later in the program.
    const BaseType& b = specs.base;
    bool by_value = std::all_of(d.ops.begin(), d.ops.end(),
                                [](const DeclaratorOp& op) { return op.kind == DeclaratorOp::Kind::Array; });
    if (by_value && (b.kind == BaseType::Kind::Struct || b.kind == BaseType::Kind::Union) && !b.record &&
        !b.name.empty()) {
        std::string key = std::string(b.kind == BaseType::Kind::Union ? "union " : "struct ") +
                          b.name.substr(b.name.rfind('`') + 1);
        if (!names_.tag_defined(key) && !(opts_.is_kernel_tag && opts_.is_kernel_tag(key)))
            error("D_DECL_INCOMPLETE", at, "incomplete struct/union/enum " + key + ": " + shown);
    }

    std::optional<uint64_t> width;
    if (d.bitfield) {
        auto w = fold_constant(*d.bitfield, names_);
        // An unnamed zero-width bit-field only ends the storage unit; DTrace ignores it.
        if (name.empty() && w && w->value == 0) return;
        if (!is_positive_constant(w))
            error("D_DECL_BFCONST", at, "positive integral constant expression expected as bit-field size");
        if (type.kind != DType::Kind::Opaque && type.kind != DType::Kind::Integer)
            error("D_DECL_BFTYPE", at, "invalid type for bit-field: " + shown);
        if (type.kind == DType::Kind::Integer && w->value > type.bits)
            error("D_DECL_BFSIZE", at, "bit-field too big for type: " + shown);
        width = w->value;
    }
    if (!name.empty() && rec.find(name))
        error("D_UNKNOWN", at,
              "failed to define member '" + shown + "': Duplicate member or variable name");
    rec.members.push_back({name, type, width});
}

void Parser::check_enumerator(const EnumDecl& en, const EnumDecl::Enumerator& e,
                              int64_t* next_value, SourceRange at) {
    const std::string& name = e.name;
    if (has_scope(name))
        error("D_DECL_SCOPE", at,
              "D scoping operator may not be used in an enumerator name (" + name + ")");
    // DTrace keeps enumerator values in a C int, wrapping as the machine does.
    int32_t value = static_cast<int32_t>(*next_value);
    if (e.value) {
        auto c = fold_constant(*e.value, names_);
        if (!c)
            error("D_DECL_ENCONST", at,
                  "enumerator '" + name + "' must be assigned to an integral constant expression");
        int64_t v = static_cast<int64_t>(c->value);
        if (v > INT_MAX || v < INT_MIN)
            error("D_DECL_ENOFLOW", at,
                  "enumerator '" + name + "' value overflows INT_MAX (2147483647)");
        value = static_cast<int32_t>(v);
    }
    for (const auto& other : en.enumerators)
        if (other.name == name)
            error("D_UNKNOWN", at,
                  "failed to define enumerator '" + name + "': Duplicate member or variable name");
    *next_value = static_cast<int32_t>(static_cast<uint32_t>(value) + 1u);
    if (names_.ident(DeclaredNames::Scope::Global, name))
        error("D_DECL_IDRED", at, "identifier redeclared: " + name);
    // An enumerator is an inline of its enum's type standing for its value.
    DeclaredNames::Ident id;
    id.kind = DeclaredNames::Ident::Kind::Enumerator;
    id.is_inline = true;
    id.value = IntConst{static_cast<uint64_t>(static_cast<int64_t>(value)), 4, false, true};
    id.type_name = "enum " + (en.tag.empty() ? std::string("(anon)") : en.tag);
    names_.add_ident(DeclaredNames::Scope::Global, name, id);
}

}  // namespace bdtrace::frontend
