// The option values in force for one consumer, set and read by name.
#include <limits>

#include "options/options.h"

namespace bdtrace::options {

namespace {

// A checked value, ready to be stored.
struct Parsed {
    bool on = true;
    uint64_t number = 0;
};

bool is_extra_word(const OptionDef& def, std::string_view text) {
    for (const char* word : def.choices) {
        if (text == word) return true;
    }
    return false;
}

// Run-time flags and integers read values the way libdtrace's dt_opt_runtime does.
std::optional<Parsed> parse_runtime_scalar(std::optional<std::string_view> value) {
    if (!value) return Parsed{true, 0};
    if (value->empty()) return Parsed{false, 0};
    if (auto word = parse_switch_word(*value)) return Parsed{*word, *word ? 1u : 0u};
    auto n = parse_number(*value);
    if (!n) return std::nullopt;
    return Parsed{true, *n};
}

std::optional<Parsed> parse_value(const OptionDef& def, std::optional<std::string_view> value) {
    switch (def.type) {
        case ValueType::Flag:
            if (def.kind == Kind::Compile) {
                if (value) return std::nullopt;
                return Parsed{};
            }
            return parse_runtime_scalar(value);
        case ValueType::Integer: {
            if (def.kind != Kind::Compile) return parse_runtime_scalar(value);
            if (!value) return std::nullopt;
            auto n = parse_number(*value);
            if (!n || *n < def.min) return std::nullopt;
            return Parsed{true, *n};
        }
        case ValueType::Size: {
            if (!value) return Parsed{true, 0};
            if (is_extra_word(def, *value))
                return Parsed{true, std::numeric_limits<uint64_t>::max()};
            auto n = parse_size(*value);
            if (!n || (def.min && *n < def.min)) return std::nullopt;
            return Parsed{true, *n};
        }
        case ValueType::Time: {
            if (!value) return Parsed{true, 0};
            auto n = parse_time_ns(*value, false);
            if (!n) return std::nullopt;
            return Parsed{true, *n};
        }
        case ValueType::String:
            if (!value || value->empty()) return std::nullopt;
            return Parsed{};
        case ValueType::Choice:
            if (!value || !is_extra_word(def, *value)) return std::nullopt;
            return Parsed{};
        case ValueType::Endpoint:
            if (value && !parse_endpoint(*value)) return std::nullopt;
            return Parsed{};
        case ValueType::Version: {
            if (!value) return std::nullopt;
            auto v = parse_version(*value);
            if (!v) return std::nullopt;
            return Parsed{true, *v};
        }
    }
    return std::nullopt;
}

}  // namespace

OptionSet::OptionSet() {
    for (const OptionDef& def : option_table()) {
        Value v;
        if (def.default_value) {
            auto parsed = parse_value(def, std::string_view(def.default_value));
            v.text = def.default_value;
            v.on = parsed && parsed->on;
            v.number = parsed ? parsed->number : 0;
        }
        if (def.type == ValueType::Flag) v.text.reset();
        values_.emplace(def.name, std::move(v));
    }
}

SetError OptionSet::set(std::string_view name, std::optional<std::string_view> value,
                        Origin origin) {
    const OptionDef* def = find_option(name);
    if (!def) return std::string(kBadOptionName);

    auto parsed = parse_value(*def, value);
    if (!parsed) {
        if (def->type == ValueType::Version && value && !value->empty())
            return std::string(kBadVersion);
        return std::string(kBadOptionValue);
    }
    if (origin == Origin::Pragma && !def->script_settable) return std::string(kBadOptionContext);

    Value& v = values_[def->name];
    if (def->type == ValueType::Version) {
        if (!version_defined(static_cast<uint32_t>(parsed->number)))
            return std::string(kUndefinedVersion);
        // Binding to a version only ever narrows the language, as libdtrace's dt_reduce().
        if (parsed->number > v.number) return std::string(kVersionConflict);
    }

    if (def->accumulates) {
        v.items.emplace_back(*value);
        v.text = v.text && !v.text->empty() ? *v.text + "\n" + std::string(*value)
                                            : std::string(*value);
        v.on = true;
        return std::nullopt;
    }

    v.on = parsed->on;
    v.number = parsed->number;
    v.given = true;
    if (def->type == ValueType::Flag) {
        v.text = v.on ? std::optional<std::string>(value ? std::string(*value) : std::string())
                      : std::nullopt;
    } else if (v.on) {
        v.text = value ? std::string(*value) : std::string();
    } else {
        v.text.reset();  // "-x nspec=no": back to unset
        v.number = 0;
    }
    if (def->clears && v.on) {
        Value& other = values_[def->clears];
        other.on = false;
        other.text.reset();
    }
    return std::nullopt;
}

const OptionSet::Value* OptionSet::value(std::string_view name) const {
    auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
}

bool OptionSet::is_set(std::string_view name) const {
    const OptionDef* def = find_option(name);
    const Value* v = value(name);
    if (!def || !v) return false;
    if (def->type == ValueType::Flag) return v->on;
    return v->text.has_value();
}

bool OptionSet::given(std::string_view name) const {
    const Value* v = value(name);
    return v && v->given;
}

std::optional<std::string> OptionSet::text(std::string_view name) const {
    const Value* v = value(name);
    return v ? v->text : std::nullopt;
}

uint64_t OptionSet::size(std::string_view name) const {
    const OptionDef* def = find_option(name);
    const Value* v = value(name);
    if (!def || !v || !v->text) return 0;
    bool numeric = def->type == ValueType::Size || def->type == ValueType::Integer ||
                   def->type == ValueType::Version;
    return numeric ? v->number : 0;
}

uint64_t OptionSet::time_ns(std::string_view name) const {
    const OptionDef* def = find_option(name);
    const Value* v = value(name);
    if (!def || !v || !v->text || def->type != ValueType::Time) return 0;
    return v->number;
}

std::string OptionSet::str(std::string_view name) const {
    const OptionDef* def = find_option(name);
    const Value* v = value(name);
    if (!def || !v || !v->text) return {};
    if (def->type != ValueType::String && def->type != ValueType::Choice && def->type != ValueType::Endpoint)
        return {};
    return *v->text;
}

std::vector<std::string> OptionSet::list(std::string_view name) const {
    const Value* v = value(name);
    return v ? v->items : std::vector<std::string>{};
}

}  // namespace bdtrace::options
