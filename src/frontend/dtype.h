// Types as far as the front end can know them: D's keyword and built-in types and whatever the
// program declares itself. Kernel types are not loaded here; a name that only the kernel can
// resolve is Opaque, and no check that needs to know more about it is made.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bdtrace::frontend {

struct RecordInfo;

struct DType {
    enum class Kind {
        Opaque,    // known to exist (a kernel type), nothing more
        Void,
        Integer,
        Float,
        String,    // D's string
        Struct,
        Union,
        Enum,
        Pointer,
        Array,
        Function,
        Dynamic,   // an associative array: DTrace's <DYN> type
    };
    Kind kind = Kind::Opaque;
    unsigned bits = 0;       // Integer, Float: width
    bool is_signed = false;  // Integer
    std::string name;        // as DTrace prints it: "unsigned long", "struct s *", "lt_t"
    std::shared_ptr<const RecordInfo> record;  // Struct, Union: members, when the program defined it
    std::optional<uint64_t> size;              // bytes, when the front end can tell

    bool is_void() const { return kind == Kind::Void; }
    bool is_integer() const { return kind == Kind::Integer || kind == Kind::Enum; }
    bool is_struct_or_union() const { return kind == Kind::Struct || kind == Kind::Union; }
};

// A struct or union the program defined: its members in order.
struct RecordInfo {
    bool is_union = false;
    struct Member {
        std::string name;  // empty for an unnamed bit-field
        DType type;
        std::optional<uint64_t> bit_width;
    };
    std::vector<Member> members;
    const Member* find(const std::string& name) const;
};

// The integer and floating-point type spelled by keywords, as DTrace names it for lookup
// ("unsigned long", "long double"); nullopt when D has no such type ("long long long").
std::optional<DType> keyword_type(const std::string& name);

// D's built-in typedefs (int8_t, size_t, ...): the type each names.
std::optional<DType> builtin_typedef(const std::string& name);

// The C spelling of a type built from `base` by declarator steps listed from the name
// outwards: pointer (*), array ([N] or [] when count is 0), function (()).
struct TypeStep {
    enum class Kind { Pointer, Array, Function } kind;
    uint64_t count = 0;
};
std::string type_spelling(const std::string& base, const std::vector<TypeStep>& steps);

}  // namespace bdtrace::frontend
