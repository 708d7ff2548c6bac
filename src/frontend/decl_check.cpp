// The checks DTrace makes while it parses declarations (its dt_decl.c): type-specifier
// combinations, bit-field widths, array dimensions, void objects.
#include <algorithm>
#include <string>

#include "frontend/const_fold.h"
#include "frontend/parser.h"

namespace bdtrace::frontend {

using namespace ast;

namespace {

int count(const std::vector<std::string>& words, const char* w) {
    return static_cast<int>(std::count(words.begin(), words.end(), w));
}

// Is the combination of C type keywords valid (ignoring signed/unsigned, checked apart)?
bool valid_base(const std::vector<std::string>& words) {
    std::vector<std::string> rest;
    for (const auto& w : words)
        if (w != "signed" && w != "unsigned") rest.push_back(w);
    std::sort(rest.begin(), rest.end());
    static const std::vector<std::vector<std::string>> allowed = {
        {}, {"void"}, {"char"}, {"short"}, {"int", "short"}, {"int"}, {"long"}, {"int", "long"},
        {"long", "long"}, {"int", "long", "long"}, {"float"}, {"double"}, {"double", "long"},
        {"string"},
    };
    return std::find(allowed.begin(), allowed.end(), rest) != allowed.end();
}

bool signable(const std::vector<std::string>& words) {
    for (const auto& w : words)
        if (w == "void" || w == "float" || w == "double" || w == "string") return false;
    return true;
}

bool is_integer_specs(const DeclSpecs& s) {
    if (s.base.kind == BaseType::Kind::Enum || s.base.kind == BaseType::Kind::Named) return true;
    if (s.base.kind != BaseType::Kind::Keywords) return false;
    return signable(s.base.words) && count(s.base.words, "void") == 0;
}

}  // namespace

void Parser::check_specs(const DeclSpecs& s) {
    const auto& w = s.base.words;
    if (count(w, "long") > 2) error("D_DECL_LONGINT", s.range, "long long long is too long");
    int sign = count(w, "signed") + count(w, "unsigned");
    if (sign > 1 || !valid_base(w) || (sign && !signable(w)))
        error("D_DECL_COMBO", s.range, "invalid type combination");
}

void Parser::check_declarator(const DeclSpecs& specs, const Declarator& d, bool member) {
    bool has_ops = !d.ops.empty();
    if (!has_ops && specs.base.kind == BaseType::Kind::Keywords && specs.base.words.size() == 1 &&
        specs.base.words[0] == "void" && specs.storage != Storage::Typedef)
        error("D_DECL_VOIDOBJ", d.name_range, "cannot have void object: " + d.name);

    for (const auto& op : d.ops) {
        if (op.kind != DeclaratorOp::Kind::Array || !op.size) continue;
        auto n = fold_integer_constant(*op.size);
        if (!n || *n <= 0)
            error("D_DECL_ARRSUB", op.size->range,
                  "positive integral constant expression or tuple signature expected as array "
                  "declaration subscript");
    }

    if (!member || !d.bitfield) return;
    auto width = fold_integer_constant(*d.bitfield);
    if (!width)
        error("D_DECL_BFCONST", d.bitfield->range,
              "positive integral constant expression expected as bit-field size");
    if (!is_integer_specs(specs) || has_ops)
        error("D_DECL_BFTYPE", d.name_range, "invalid type for bit-field: " + d.name);
    if (*width <= 0 || *width > 64)
        error("D_DECL_BFSIZE", d.bitfield->range,
              "bit-field size must be > 0 and <= 64: " + (d.name.empty() ? "<anon>" : d.name));
}

}  // namespace bdtrace::frontend
