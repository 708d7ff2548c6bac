// DTrace's error tags (D_SYNTAX, D_PROTO_ARG, ...) as a registry: each tag bdtrace raises is
// declared once in diag_tags.def with the stage that owns it. A Tag is a handle into that table.
//
// Raising an error keeps DTrace's spelling at the call site: `error("D_PROTO_LEN", range, text)`
// converts the literal to a Tag at compile time (a consteval constructor), and a tag the table
// does not declare is a compile error, so no unregistered tag can be raised.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace bdtrace {

// The pipeline stage that owns a tag's rule (where DTrace's check lives in bdtrace).
enum class DiagStage : uint8_t {
    None,      // the empty tag of untagged diagnostics (warnings, preprocessor failures)
    Frontend,  // src/frontend: lexer, parser, declarations, pragmas, probe descriptions
    Consumer,  // src/api: checks of a whole parsed program (dt_compile's)
    Sema,      // src/sema: types, variables, actions, subroutines, translators
    Aggs,      // src/output/agg_buckets: lquantize()/llquantize() parameters
    Printf,    // src/output/printf_check: formats against their arguments
    Probes,    // src/probes, src/process: probe matching and providers
    Usdtgen,   // src/usdtgen: -h and -G
};

struct DiagTagInfo {
    std::string_view name;     // "D_SYNTAX"
    DiagStage stage;
    std::string_view message;  // the message DTrace gives for it (one of them)
};

namespace diag_detail {

inline constexpr DiagTagInfo kTags[] = {
    {"", DiagStage::None, ""},
#define DTAG(name, stage, message) {#name, DiagStage::stage, message},
#include "bdtrace/diag_tags.def"
#undef DTAG
};

inline constexpr size_t kTagCount = sizeof kTags / sizeof kTags[0];

constexpr std::optional<uint16_t> find(std::string_view name) {
    for (size_t i = 0; i < kTagCount; ++i)
        if (kTags[i].name == name) return static_cast<uint16_t>(i);
    return std::nullopt;
}

// Reaching the throw makes the consteval call fail to compile, naming this function.
consteval uint16_t registered(const char* name) {
    auto i = find(name);
    if (!i) throw "unknown DTrace error tag: declare it in include/bdtrace/diag_tags.def";
    return *i;
}

}  // namespace diag_detail

class Tag {
public:
    constexpr Tag() = default;  // no tag
    // A literal naming a registered tag; anything else does not compile.
    consteval Tag(const char* name) : index_(diag_detail::registered(name)) {}  // NOLINT: implicit on purpose

    // The tag named `name` at run time (a tag read from a file, a test); nullopt if unknown.
    static std::optional<Tag> find(std::string_view name) {
        auto i = diag_detail::find(name);
        if (!i) return std::nullopt;
        Tag t;
        t.index_ = *i;
        return t;
    }
    // Every registered tag (without the empty one), in table order.
    static std::span<const DiagTagInfo> all() {
        return {diag_detail::kTags + 1, diag_detail::kTagCount - 1};
    }

    constexpr std::string_view name() const { return diag_detail::kTags[index_].name; }
    constexpr DiagStage stage() const { return diag_detail::kTags[index_].stage; }
    constexpr std::string_view message() const { return diag_detail::kTags[index_].message; }
    constexpr bool empty() const { return index_ == 0; }
    std::string str() const { return std::string(name()); }

    friend constexpr bool operator==(Tag a, Tag b) { return a.index_ == b.index_; }
    friend constexpr bool operator==(Tag a, std::string_view name) { return a.name() == name; }
    friend constexpr bool operator==(Tag a, const char* name) { return a.name() == name; }
    // For messages built around a tag ("D_SYNTAX: ..."), as tests print them.
    friend std::string operator+(Tag a, const char* s) { return a.str() + s; }
    friend std::string operator+(Tag a, const std::string& s) { return a.str() + s; }
    friend std::string operator+(const std::string& s, Tag a) { return s + a.str(); }

private:
    uint16_t index_ = 0;
};

const char* stage_name(DiagStage s);

}  // namespace bdtrace
