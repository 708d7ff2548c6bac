#include "sema/type_spelling.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace bdtrace::sema {

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Words and single punctuation characters.
std::vector<std::string> tokens(std::string_view s) {
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size();) {
        if (std::isspace(static_cast<unsigned char>(s[i]))) {
            ++i;
        } else if (is_word_char(s[i])) {
            size_t end = i;
            while (end < s.size() && is_word_char(s[end])) ++end;
            out.emplace_back(s.substr(i, end - i));
            i = end;
        } else {
            out.emplace_back(1, s[i++]);
        }
    }
    return out;
}

bool is_qualifier(const std::string& w) {
    // The kernel's sparse annotations expand to nothing when it is compiled; a format may
    // still spell them on kernels built for checking.
    static const char* const kQualifiers[] = {"const", "volatile", "restrict", "__restrict", "__user",
                                              "__kernel", "__iomem", "__force", "__rcu", "__percpu"};
    return std::any_of(std::begin(kQualifiers), std::end(kQualifiers), [&](const char* q) { return w == q; });
}

bool is_int_keyword(const std::string& w) {
    return w == "signed" || w == "unsigned" || w == "char" || w == "short" || w == "int" || w == "long";
}

// "unsigned" -> "unsigned int", "long int" -> "long", "signed char": TypeTable's spellings.
std::string canonical_int(const std::vector<std::string>& words) {
    bool is_unsigned = std::count(words.begin(), words.end(), "unsigned") > 0;
    bool is_signed = std::count(words.begin(), words.end(), "signed") > 0;
    auto longs = std::count(words.begin(), words.end(), "long");
    std::string base = "int";
    if (std::count(words.begin(), words.end(), "char")) base = "char";
    else if (std::count(words.begin(), words.end(), "short")) base = "short";
    else if (longs == 2) base = "long long";
    else if (longs == 1) base = "long";
    if (is_unsigned) return "unsigned " + base;
    if (is_signed && base == "char") return "signed char";
    return base;
}

}  // namespace

const Type* type_from_spelling(TypeTable& types, std::string_view spelling) {
    std::vector<std::string> words;
    size_t stars = 0;
    for (const std::string& t : tokens(spelling)) {
        if (t == "*") {
            ++stars;
        } else if (is_word_char(t[0])) {
            if (is_qualifier(t)) continue;
            if (stars) return nullptr;  // "char *p": a name after the stars is no type's
            words.push_back(t);
        } else {
            return nullptr;  // arrays, function pointers, parentheses
        }
    }
    if (words.empty()) return nullptr;
    const Type* base = nullptr;
    const std::string& first = words.front();
    if (first == "struct" || first == "union" || first == "enum") {
        if (words.size() != 2) return nullptr;
        TypeKind kind = first == "struct" ? TypeKind::Struct : first == "union" ? TypeKind::Union : TypeKind::Enum;
        base = types.lookup_tag(kind, words[1]);
    } else if (std::all_of(words.begin(), words.end(), is_int_keyword)) {
        base = types.int_named(canonical_int(words));
    } else if (words.size() == 1) {
        base = first == "void" ? types.void_type() : first == "_Bool" ? types.int_named("_Bool") : types.lookup_typedef(first);
    }
    if (!base) return nullptr;
    for (size_t i = 0; i < stars; ++i) base = types.pointer_to(base);
    return base;
}

const Type* in_user_space(TypeTable& types, const Type* t) {
    if (!t || !t->is_pointer()) return t;
    return types.pointer_to(in_user_space(types, t->target), AddrSpace::User);
}

}  // namespace bdtrace::sema
