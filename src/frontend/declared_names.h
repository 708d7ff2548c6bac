// What the program has declared so far, as the parser needs it for DTrace's declaration checks:
// struct, union and enum tags with their members, typedefs, global identifiers (variables,
// inlines, enumerators), thread-local and clause-local variables, and translators. Kernel types
// are not here: a type only the kernel knows is Opaque.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "frontend/ast.h"
#include "frontend/const_fold.h"
#include "frontend/dtype.h"

namespace bdtrace::frontend {

class DeclaredNames {
public:
    // A D identifier and what DTrace's messages say about it.
    struct Ident {
        enum class Kind { Scalar, Array, Enumerator };
        Kind kind = Kind::Scalar;
        bool is_inline = false;
        std::optional<IntConst> value;  // integer-constant inlines and enumerators
        std::string type_name;
    };
    enum class Scope { Global, Thread, Clause };  // plain, self, this

    const Ident* ident(Scope scope, const std::string& name) const;
    void add_ident(Scope scope, const std::string& name, Ident id);

    const DType* program_typedef(const std::string& name) const;
    void add_typedef(const std::string& name, DType type);
    // A typedef the program or D itself defines (not the kernel's).
    bool is_d_typedef(const std::string& name) const;

    // Tags, by "struct s", "union u" or "enum e". A tag is defined once it has a body.
    bool tag_defined(const std::string& key) const;
    // `key` is empty for an anonymous struct or union; `body` is where it was defined.
    void define_record(const std::string& key, const ast::RecordDecl* body,
                       std::shared_ptr<const RecordInfo> record);
    void define_enum(const std::string& key);

    // Records a translator from `in` to `out`; false if one was declared already.
    bool add_translator(const std::string& in, const std::string& out);

    // The types a declaration names.
    DType base_type(const ast::DeclSpecs& specs) const;
    // The type of a declarator from step `from` outwards (step 0 is what the name itself is).
    DType resolve(const ast::DeclSpecs& specs, const std::vector<ast::DeclaratorOp>& ops,
                  size_t from = 0) const;
    DType resolve(const ast::TypeName& t) const { return resolve(t.specs, t.decl.ops); }

private:
    std::map<std::string, Ident> idents_[3];
    std::map<std::string, DType> typedefs_;
    std::map<std::string, std::shared_ptr<const RecordInfo>> records_;
    std::map<const ast::RecordDecl*, std::shared_ptr<const RecordInfo>> bodies_;
    std::set<std::string> enums_;
    std::set<std::pair<std::string, std::string>> translators_;
};

// The name DTrace looks a keyword-spelled type up by ("unsigned long", "long long long"):
// its prefixes in a fixed order, then the base word unless short/long replaces it.
std::string keyword_lookup_name(const std::vector<std::string>& words);

}  // namespace bdtrace::frontend
