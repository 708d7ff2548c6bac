#include "sema/types.h"

#include "sema/btf_types.h"

namespace bdtrace::sema {

const Member* Type::member(const std::string& n) const {
    for (const auto& m : members) {
        if (m.name == n) return &m;
        // Anonymous struct/union members make their members visible, as in C11.
        if (m.name.empty() && m.type && m.type->is_record()) {
            if (const Member* inner = m.type->member(n)) {
                static thread_local Member found;
                found = *inner;
                found.offset_bits += m.offset_bits;
                return &found;
            }
        }
    }
    return nullptr;
}

namespace {

struct IntDef {
    const char* name;
    uint64_t size;
    bool is_signed;
};

constexpr IntDef kInts[] = {
    {"char", 1, true},          {"signed char", 1, true},        {"unsigned char", 1, false},
    {"short", 2, true},         {"unsigned short", 2, false},    {"int", 4, true},
    {"unsigned int", 4, false}, {"long", 8, true},               {"unsigned long", 8, false},
    {"long long", 8, true},     {"unsigned long long", 8, false}, {"_Bool", 1, false},
};

struct TypedefDef {
    const char* name;
    const char* base;  // a kInts name, or "char *" for caddr_t
};

constexpr TypedefDef kTypedefs[] = {
    {"int8_t", "char"},           {"int16_t", "short"},          {"int32_t", "int"},
    {"int64_t", "long long"},     {"uint8_t", "unsigned char"},  {"uint16_t", "unsigned short"},
    {"uint32_t", "unsigned int"}, {"uint64_t", "unsigned long long"},
    {"intptr_t", "long"},         {"uintptr_t", "unsigned long"}, {"size_t", "unsigned long"},
    {"ssize_t", "long"},          {"ptrdiff_t", "long"},         {"uchar_t", "unsigned char"},
    {"ushort_t", "unsigned short"}, {"uint_t", "unsigned int"},  {"ulong_t", "unsigned long"},
    {"u_longlong_t", "unsigned long long"}, {"longlong_t", "long long"},
    {"id_t", "int"},              {"pid_t", "int"},              {"uid_t", "unsigned int"},
    {"gid_t", "unsigned int"},    {"off_t", "long"},             {"time_t", "long"},
    {"dev_t", "unsigned long"},   {"ino_t", "unsigned long"},    {"mode_t", "unsigned int"},
    {"processorid_t", "int"},     {"zoneid_t", "int"},           {"taskid_t", "int"},
    {"projid_t", "int"},          {"hrtime_t", "long long"},     {"major_t", "unsigned int"},
    {"minor_t", "unsigned int"},  {"uint", "unsigned int"},
};

}  // namespace

TypeTable::TypeTable() {
    Type* v = new_type();
    v->kind = TypeKind::Void;
    v->name = "void";
    void_ = v;
    Type* s = new_type();
    s->kind = TypeKind::String;
    s->name = "string";
    s->size = 256;  // replaced by strsize when the program is checked
    string_ = s;
    for (const auto& d : kInts) {
        Type* t = new_type();
        t->kind = TypeKind::Integer;
        t->name = d.name;
        t->size = t->align = static_cast<uint32_t>(d.size);
        t->is_signed = d.is_signed;
        ints_[d.name] = t;
    }
    for (const char* f : {"float", "double", "long double"}) {
        Type* t = new_type();
        t->kind = TypeKind::Float;
        t->name = f;
        t->size = f[0] == 'f' ? 4 : f[0] == 'd' ? 8 : 16;
        t->align = static_cast<uint32_t>(t->size);
        ints_[f] = t;
    }
    for (const auto& d : kTypedefs) {
        const Type* base = ints_.at(d.base);
        Type* t = new_type();
        *t = *base;
        t->name = d.name;
        typedefs_[d.name] = t;
    }
    typedefs_["caddr_t"] = pointer_to(ints_.at("char"));
}

TypeTable::~TypeTable() = default;

Type* TypeTable::new_type() {
    storage_.emplace_back();
    return &storage_.back();
}

const Type* TypeTable::int_type(uint64_t size, bool is_signed) const {
    switch (size) {
        case 1: return ints_.at(is_signed ? "char" : "unsigned char");
        case 2: return ints_.at(is_signed ? "short" : "unsigned short");
        case 4: return ints_.at(is_signed ? "int" : "unsigned int");
        default: return ints_.at(is_signed ? "long" : "unsigned long");
    }
}

const Type* TypeTable::int_named(const std::string& spelling) const {
    auto it = ints_.find(spelling);
    return it == ints_.end() ? nullptr : it->second;
}

const Type* TypeTable::float_type(uint64_t size) const {
    return ints_.at(size == 4 ? "float" : size == 8 ? "double" : "long double");
}

const Type* TypeTable::pointer_to(const Type* t, AddrSpace space) {
    auto key = std::make_pair(t, static_cast<int>(space));
    if (auto it = pointers_.find(key); it != pointers_.end()) return it->second;
    Type* p = new_type();
    p->kind = TypeKind::Pointer;
    p->target = t;
    p->size = p->align = 8;
    p->space = space;
    p->name = t->kind == TypeKind::Pointer ? t->name + "*" : t->name + " *";
    if (space == AddrSpace::User) p->name = "userland " + p->name;
    pointers_[key] = p;
    return p;
}

const Type* TypeTable::array_of(const Type* t, uint64_t count) {
    auto key = std::make_pair(t, count);
    if (auto it = arrays_.find(key); it != arrays_.end()) return it->second;
    Type* a = new_type();
    a->kind = TypeKind::Array;
    a->target = t;
    a->count = count;
    a->size = t->size * count;
    a->align = t->align;
    a->name = t->name + " [" + std::to_string(count) + "]";
    arrays_[key] = a;
    return a;
}

const Type* TypeTable::function_type(const Type* ret, std::vector<const Type*> params, bool varargs) {
    Type* f = new_type();
    f->kind = TypeKind::Function;
    f->target = ret;
    f->params = std::move(params);
    f->varargs = varargs;
    std::string s = ret->name + " (";
    for (size_t i = 0; i < f->params.size(); ++i) s += (i ? ", " : "") + f->params[i]->name;
    f->name = s + (varargs ? ", ...)" : ")");
    return f;
}

bool TypeTable::has_typedef(const std::string& name) const { return typedefs_.count(name) != 0; }

const Type* TypeTable::lookup_typedef(const std::string& name) {
    if (auto it = typedefs_.find(name); it != typedefs_.end()) return it->second;
    if (btf()) {
        if (const Type* t = btf_->typedef_named(*this, name)) {
            typedefs_[name] = t;
            return t;
        }
    }
    return nullptr;
}

const Type* TypeTable::lookup_tag(TypeKind kind, const std::string& name) {
    auto key = std::make_pair(kind, name);
    if (auto it = tags_.find(key); it != tags_.end() && it->second->complete) return it->second;
    if (btf()) {
        if (const Type* t = btf_->tag_named(*this, kind, name)) return t;
    }
    if (auto it = tags_.find(key); it != tags_.end()) return it->second;
    return nullptr;
}

void TypeTable::add_typedef(const std::string& name, const Type* t) { typedefs_[name] = t; }

Type* TypeTable::declare_tag(TypeKind kind, const std::string& tag) {
    auto key = std::make_pair(kind, tag);
    if (!tag.empty()) {
        if (auto it = tags_.find(key); it != tags_.end()) return it->second;
    }
    Type* t = new_type();
    t->kind = kind;
    t->complete = false;
    const char* word = kind == TypeKind::Struct ? "struct" : kind == TypeKind::Union ? "union" : "enum";
    t->name = std::string(word) + " " + tag;
    if (kind == TypeKind::Enum) {
        t->size = t->align = 4;
        t->is_signed = true;
    }
    if (!tag.empty()) tags_[key] = t;
    return t;
}

void TypeTable::attach_btf(std::unique_ptr<BtfSource> btf) { btf_ = std::move(btf); }

BtfSource* TypeTable::btf() {
    if (!btf_ && btf_loader_) {
        auto loader = std::move(btf_loader_);
        btf_loader_ = nullptr;
        btf_ = loader();
    }
    return btf_.get();
}

const Type* promote(TypeTable& types, const Type* t) {
    if (t->kind == TypeKind::Enum) return types.int_type(4, true);
    if (t->kind == TypeKind::Integer && t->size < 4) return types.int_type(4, true);
    return t;
}

const Type* arith_result(TypeTable& types, const Type* a, const Type* b) {
    // D does not widen narrow integers to int first (dt_type_promote ranks the two types by
    // width, unsigned above signed, and the higher rank is the result): unsigned char + signed
    // char is an unsigned char, and the sum wraps at 8 bits when it is used. Enums are ints.
    if (a->kind == TypeKind::Enum) a = types.int_type(4, true);
    if (b->kind == TypeKind::Enum) b = types.int_type(4, true);
    if (a->kind == TypeKind::Float || b->kind == TypeKind::Float) {
        uint64_t s = std::max(a->kind == TypeKind::Float ? a->size : 0, b->kind == TypeKind::Float ? b->size : 0);
        return types.float_type(s);
    }
    if (a->size != b->size) {
        const Type* wide = a->size > b->size ? a : b;
        return types.int_type(wide->size, wide->is_signed);
    }
    // Same size: unsigned wins.
    return types.int_type(a->size, a->is_signed && b->is_signed);
}

bool same_type(const Type* a, const Type* b) {
    if (a == b) return true;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
        case TypeKind::Integer:
        case TypeKind::Float: return a->size == b->size && a->is_signed == b->is_signed;
        case TypeKind::Pointer: return same_type(a->target, b->target);
        case TypeKind::Array: return a->count == b->count && same_type(a->target, b->target);
        case TypeKind::String:
        case TypeKind::Void: return true;
        default: return a->name == b->name && a->size == b->size;
    }
}

bool assignable(const Type* to, const Type* from) {
    if (to->is_string()) {
        if (from->is_string()) return true;
        // char arrays and char pointers promote to string.
        return (from->kind == TypeKind::Array || from->kind == TypeKind::Pointer) && from->target &&
               from->target->is_char();
    }
    if (to->is_arith() && from->is_arith()) return true;
    if (to->is_pointer()) {
        if (from->is_pointer()) return true;  // D allows pointer conversions on assignment
        if (from->is_string()) return to->target && to->target->is_char();  // a string's address
        return from->is_integer();            // (checked as a constant 0 by the caller)
    }
    if (to->is_integer() && from->is_pointer()) return false;
    return same_type(to, from);
}

}  // namespace bdtrace::sema
