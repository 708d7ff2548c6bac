#include "frontend/declared_names.h"

#include <algorithm>

namespace bdtrace::frontend {

using namespace ast;

std::string keyword_lookup_name(const std::vector<std::string>& words) {
    bool is_signed = false, is_unsigned = false, is_short = false, is_long = false;
    bool is_longlong = false;
    std::string base;
    for (const auto& w : words) {
        if (w == "signed") is_signed = true;
        else if (w == "unsigned") is_unsigned = true;
        else if (w == "short") is_short = true;
        else if (w == "long" && is_long && !is_longlong) is_long = false, is_longlong = true;
        else if (w == "long") is_long = true;
        else base = w;
    }
    std::string name;
    if (is_signed) name += "signed ";
    if (is_unsigned) name += "unsigned ";
    if (is_short) name += "short ";
    if (is_long) name += "long ";
    if (is_longlong) name += "long long ";
    bool attrs = is_signed || is_unsigned || is_short || is_long || is_longlong;
    if (!attrs && base.empty()) name += "int";
    bool is_float = base == "float" || base == "double";
    if (!base.empty() && (is_float || !(is_short || is_long || is_longlong))) name += base;
    return name;
}

const DeclaredNames::Ident* DeclaredNames::ident(Scope scope, const std::string& name) const {
    const auto& m = idents_[static_cast<int>(scope)];
    auto it = m.find(name);
    return it == m.end() ? nullptr : &it->second;
}

void DeclaredNames::add_ident(Scope scope, const std::string& name, Ident id) {
    idents_[static_cast<int>(scope)][name] = std::move(id);
}

const DType* DeclaredNames::program_typedef(const std::string& name) const {
    auto it = typedefs_.find(name);
    return it == typedefs_.end() ? nullptr : &it->second;
}

void DeclaredNames::add_typedef(const std::string& name, DType type) {
    type.name = name;
    typedefs_[name] = std::move(type);
}

bool DeclaredNames::is_d_typedef(const std::string& name) const {
    return typedefs_.count(name) != 0 || builtin_typedef(name).has_value();
}

bool DeclaredNames::tag_defined(const std::string& key) const {
    return records_.count(key) != 0 || enums_.count(key) != 0;
}

void DeclaredNames::define_record(const std::string& key, const RecordDecl* body,
                                  std::shared_ptr<const RecordInfo> record) {
    bodies_[body] = record;
    if (!key.empty()) records_[key] = std::move(record);
}

void DeclaredNames::define_enum(const std::string& key) { enums_.insert(key); }

bool DeclaredNames::add_translator(const std::string& in, const std::string& out) {
    return translators_.insert({in, out}).second;
}

DType DeclaredNames::base_type(const DeclSpecs& specs) const {
    const BaseType& b = specs.base;
    DType t;
    switch (b.kind) {
        case BaseType::Kind::Keywords: {
            if (std::find(b.words.begin(), b.words.end(), "string") != b.words.end()) {
                t.kind = DType::Kind::String;
                t.name = "string";
                return t;
            }
            std::string name = keyword_lookup_name(b.words);
            while (!name.empty() && name.back() == ' ') name.pop_back();
            if (auto k = keyword_type(name)) return *k;
            t.name = name;
            return t;
        }
        case BaseType::Kind::Named: {
            if (const DType* d = program_typedef(b.name)) return *d;
            if (auto d = builtin_typedef(b.name)) return *d;
            t.name = b.name;
            return t;
        }
        case BaseType::Kind::Struct:
        case BaseType::Kind::Union: {
            bool is_union = b.kind == BaseType::Kind::Union;
            t.kind = is_union ? DType::Kind::Union : DType::Kind::Struct;
            std::string key = std::string(is_union ? "union " : "struct ") +
                              (b.name.empty() ? "(anon)" : b.name);
            t.name = key;
            if (auto it = bodies_.find(b.record.get()); b.record && it != bodies_.end())
                t.record = it->second;
            else if (auto r = records_.find(key); r != records_.end() && !b.name.empty())
                t.record = r->second;
            return t;
        }
        case BaseType::Kind::Enum:
            t.kind = DType::Kind::Enum;
            t.name = "enum " + (b.name.empty() ? std::string("(anon)") : b.name);
            t.size = 4;
            return t;
    }
    return t;
}

DType DeclaredNames::resolve(const DeclSpecs& specs, const std::vector<DeclaratorOp>& ops,
                             size_t from) const {
    DType t = base_type(specs);
    std::string base_name = t.name;
    std::vector<TypeStep> steps;
    for (size_t i = from; i < ops.size(); ++i) {
        const DeclaratorOp& op = ops[i];
        TypeStep s{TypeStep::Kind::Pointer, 0};
        if (op.kind == DeclaratorOp::Kind::Array) {
            s.kind = TypeStep::Kind::Array;
            if (op.size)
                if (auto n = fold_constant(*op.size, *this)) s.count = n->value;
        } else if (op.kind == DeclaratorOp::Kind::Function) {
            s.kind = TypeStep::Kind::Function;
        }
        steps.push_back(s);
    }
    // Apply the steps from the innermost type (the last step) to the outermost.
    for (size_t k = steps.size(); k-- > 0;) {
        const DeclaratorOp& op = ops[from + k];
        DType outer;
        if (op.kind == DeclaratorOp::Kind::Pointer) {
            outer.kind = DType::Kind::Pointer;
            outer.size = 8;
        } else if (op.kind == DeclaratorOp::Kind::Function) {
            outer.kind = DType::Kind::Function;
        } else if (op.assoc) {
            outer.kind = DType::Kind::Dynamic;
        } else {
            outer.kind = DType::Kind::Array;
            if (t.size && steps[k].count) outer.size = *t.size * steps[k].count;
        }
        t = std::move(outer);
    }
    if (t.kind == DType::Kind::Dynamic)
        t.name = "dynamic variable";
    else if (!steps.empty())
        t.name = type_spelling(base_name, steps);
    return t;
}

}  // namespace bdtrace::frontend
