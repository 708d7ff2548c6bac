#include "util/glob.h"

namespace bdtrace::util {

namespace {

// Matches a bracket expression at p (just past '['); returns the position after ']' or npos
// when the expression is malformed (then '[' is an ordinary character).
size_t match_class(std::string_view p, size_t i, char c, bool* matched) {
    bool negate = i < p.size() && p[i] == '!';
    if (negate) ++i;
    bool hit = false;
    bool first = true;
    while (i < p.size() && (p[i] != ']' || first)) {
        first = false;
        char lo = p[i];
        if (lo == '\\' && i + 1 < p.size()) lo = p[++i];
        char hi = lo;
        if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
            hi = p[i + 2];
            if (hi == '\\' && i + 3 < p.size()) hi = p[++i + 2];
            i += 2;
        }
        if (c >= lo && c <= hi) hit = true;
        ++i;
    }
    if (i >= p.size()) return std::string_view::npos;
    *matched = hit != negate;
    return i + 1;
}

bool match(std::string_view p, size_t pi, std::string_view t, size_t ti) {
    while (pi < p.size()) {
        char pc = p[pi];
        if (pc == '*') {
            while (pi < p.size() && p[pi] == '*') ++pi;
            if (pi == p.size()) return true;
            for (size_t k = ti; k <= t.size(); ++k)
                if (match(p, pi, t, k)) return true;
            return false;
        }
        if (ti >= t.size()) return false;
        if (pc == '?') {
            ++pi;
            ++ti;
            continue;
        }
        if (pc == '[') {
            bool matched = false;
            size_t next = match_class(p, pi + 1, t[ti], &matched);
            if (next != std::string_view::npos) {
                if (!matched) return false;
                pi = next;
                ++ti;
                continue;
            }
        }
        if (pc == '\\' && pi + 1 < p.size()) pc = p[++pi];
        if (pc != t[ti]) return false;
        ++pi;
        ++ti;
    }
    return ti == t.size();
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
    if (pattern.empty()) return true;
    return match(pattern, 0, text, 0);
}

bool has_glob(std::string_view pattern) {
    return pattern.find_first_of("*?[\\") != std::string_view::npos;
}

}  // namespace bdtrace::util
