#include "frontend/dtype.h"

#include <string_view>

namespace bdtrace::frontend {

namespace {

struct Intrinsic {
    std::string_view name;
    DType::Kind kind;
    unsigned bits;
    bool is_signed;
};

// DTrace's LP64 intrinsic types, by the names its type lookup uses.
constexpr Intrinsic kIntrinsics[] = {
    {"void", DType::Kind::Void, 0, true},
    {"signed", DType::Kind::Integer, 32, true},
    {"unsigned", DType::Kind::Integer, 32, false},
    {"char", DType::Kind::Integer, 8, true},
    {"short", DType::Kind::Integer, 16, true},
    {"int", DType::Kind::Integer, 32, true},
    {"long", DType::Kind::Integer, 64, true},
    {"long long", DType::Kind::Integer, 64, true},
    {"signed char", DType::Kind::Integer, 8, true},
    {"signed short", DType::Kind::Integer, 16, true},
    {"signed int", DType::Kind::Integer, 32, true},
    {"signed long", DType::Kind::Integer, 64, true},
    {"signed long long", DType::Kind::Integer, 64, true},
    {"unsigned char", DType::Kind::Integer, 8, false},
    {"unsigned short", DType::Kind::Integer, 16, false},
    {"unsigned int", DType::Kind::Integer, 32, false},
    {"unsigned long", DType::Kind::Integer, 64, false},
    {"unsigned long long", DType::Kind::Integer, 64, false},
    {"float", DType::Kind::Float, 32, true},
    {"double", DType::Kind::Float, 64, true},
    {"long double", DType::Kind::Float, 128, true},
};

// D's built-in typedefs: DTrace's LP64 table, then the <sys/types.h> names the kernel
// provides on Linux, with their x86-64 types.
constexpr std::pair<std::string_view, std::string_view> kBuiltinTypedefs[] = {
    {"int8_t", "signed char"},       {"int16_t", "short"},
    {"int32_t", "int"},              {"int64_t", "long"},
    {"intptr_t", "long"},            {"ssize_t", "long"},
    {"uint8_t", "unsigned char"},    {"uint16_t", "unsigned short"},
    {"uint32_t", "unsigned"},        {"uint64_t", "unsigned long"},
    {"uchar_t", "unsigned char"},    {"ushort_t", "unsigned short"},
    {"uint_t", "unsigned"},          {"ulong_t", "unsigned long"},
    {"u_longlong_t", "unsigned long long"}, {"ptrdiff_t", "long"},
    {"uintptr_t", "unsigned long"},  {"size_t", "unsigned long"},
    {"id_t", "int"},                 {"pid_t", "int"},
    {"longlong_t", "long long"},     {"uid_t", "unsigned"},
    {"gid_t", "unsigned"},           {"off_t", "long"},
    {"time_t", "long"},              {"dev_t", "unsigned long"},
    {"ino_t", "unsigned long"},      {"mode_t", "unsigned"},
    {"processorid_t", "int"},        {"zoneid_t", "int"},
    {"taskid_t", "int"},             {"projid_t", "int"},
    {"hrtime_t", "long long"},       {"major_t", "unsigned"},
    {"minor_t", "unsigned"},         {"uint", "unsigned"},  // Linux's <linux/types.h>
};

}  // namespace

const RecordInfo::Member* RecordInfo::find(const std::string& name) const {
    for (const auto& m : members)
        if (!m.name.empty() && m.name == name) return &m;
    return nullptr;
}

std::optional<DType> keyword_type(const std::string& name) {
    for (const auto& i : kIntrinsics) {
        if (i.name != name) continue;
        DType t;
        t.kind = i.kind;
        t.bits = i.bits;
        t.is_signed = i.is_signed;
        t.name = name;
        t.size = i.bits / 8;
        return t;
    }
    return std::nullopt;
}

std::optional<DType> builtin_typedef(const std::string& name) {
    if (name == "caddr_t") {
        DType t;
        t.kind = DType::Kind::Pointer;
        t.name = name;
        t.size = 8;
        return t;
    }
    for (const auto& [alias, target] : kBuiltinTypedefs) {
        if (alias != name) continue;
        auto t = keyword_type(std::string(target));
        if (t) t->name = name;
        return t;
    }
    return std::nullopt;
}

std::string type_spelling(const std::string& base, const std::vector<TypeStep>& steps) {
    // C's declarator syntax, built inside out from the (absent) name.
    std::string inner;
    for (const auto& s : steps) {
        if (s.kind == TypeStep::Kind::Pointer) {
            inner = "*" + inner;
            continue;
        }
        if (!inner.empty() && inner[0] == '*') inner = "(" + inner + ")";
        if (s.kind == TypeStep::Kind::Array)
            inner += "[" + (s.count ? std::to_string(s.count) : std::string()) + "]";
        else
            inner += "()";
    }
    return inner.empty() ? base : base + " " + inner;
}

}  // namespace bdtrace::frontend
