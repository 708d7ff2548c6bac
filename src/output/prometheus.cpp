#include "output/prometheus.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace bdtrace::output {

namespace {

// The length of the valid UTF-8 sequence starting at s[i], or 0 when it is not one (overlong
// forms, surrogates and code points above U+10FFFF are not valid).
size_t utf8_length(std::string_view s, size_t i) {
    auto at = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = at(i);
    if (c < 0x80) return 1;
    size_t n = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((at(i + k) & 0xc0) != 0x80) return 0;
    unsigned char c1 = at(i + 1);
    if (c == 0xe0 && c1 < 0xa0) return 0;   // overlong
    if (c == 0xed && c1 >= 0xa0) return 0;  // surrogates
    if (c == 0xf0 && c1 < 0x90) return 0;   // overlong
    if (c == 0xf4 && c1 >= 0x90) return 0;  // above U+10FFFF
    return n;
}

// Escapes for a label value (backslash, quote, newline) or HELP text (backslash, newline),
// replacing bytes that are not UTF-8 with U+FFFD.
std::string escape(std::string_view s, bool quote) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        size_t n = utf8_length(s, i);
        if (n == 0) {
            out += "\xef\xbf\xbd";
            ++i;
            continue;
        }
        if (n == 1) {
            char c = s[i];
            if (c == '\\') out += "\\\\";
            else if (c == '\n') out += "\\n";
            else if (c == '"' && quote) out += "\\\"";
            else out += c;
        } else {
            out.append(s.substr(i, n));
        }
        i += n;
    }
    return out;
}

std::string labels_text(const std::vector<std::string>& names, const std::vector<std::string>& values,
                        const char* extra_name = nullptr, const std::string& extra_value = {}) {
    std::string out;
    size_t n = std::min(names.size(), values.size());
    for (size_t i = 0; i < n; ++i) {
        out += out.empty() ? "{" : ",";
        out += names[i] + "=\"" + escape(values[i], true) + "\"";
    }
    if (extra_name) {
        out += out.empty() ? "{" : ",";
        out += std::string(extra_name) + "=\"" + extra_value + "\"";
    }
    if (!out.empty()) out += "}";
    return out;
}

const char* type_name(PromType t) {
    switch (t) {
        case PromType::Counter: return "counter";
        case PromType::Gauge: return "gauge";
        case PromType::Histogram: return "histogram";
    }
    return "untyped";
}

void histogram_lines(std::string& out, const PromFamily& f, const PromSample& s) {
    const size_t n = s.buckets.size();
    int64_t total = 0;
    for (const PromBucket& b : s.buckets) total += b.count;
    int64_t cumulative = 0;
    for (size_t i = 0; i < n; ++i) {
        const PromBucket& b = s.buckets[i];
        cumulative += b.count;
        if (!b.le) break;  // the open bucket is "+Inf" below
        bool next_holds = i + 1 < n && s.buckets[i + 1].count != 0;
        if (b.count == 0 && !next_holds) continue;
        out += f.name + "_bucket" + labels_text(f.label_names, s.labels, "le", std::to_string(*b.le)) + " " +
               std::to_string(cumulative) + "\n";
    }
    out += f.name + "_bucket" + labels_text(f.label_names, s.labels, "le", "+Inf") + " " + std::to_string(total) + "\n";
    out += f.name + "_sum" + labels_text(f.label_names, s.labels) + " " + prometheus_number(s.sum) + "\n";
    out += f.name + "_count" + labels_text(f.label_names, s.labels) + " " + std::to_string(total) + "\n";
}

}  // namespace

std::string prometheus_number(const PromNumber& n) {
    if (const int64_t* i = std::get_if<int64_t>(&n)) return std::to_string(*i);
    double d = std::get<double>(n);
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "+Inf" : "-Inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, r.ptr);
}

std::string prometheus_text(std::span<const PromFamily> families) {
    std::string out;
    for (const PromFamily& f : families) {
        out += "# HELP " + f.name + " " + escape(f.help, false) + "\n";
        out += "# TYPE " + f.name + " " + type_name(f.type) + "\n";
        for (const PromSample& s : f.samples) {
            if (f.type == PromType::Histogram) {
                histogram_lines(out, f, s);
                continue;
            }
            out += f.name + labels_text(f.label_names, s.labels) + " " + prometheus_number(s.value) + "\n";
        }
    }
    return out;
}

std::vector<std::string> prometheus_series_names(const PromFamily& f) {
    if (f.type != PromType::Histogram) return {f.name};
    return {f.name + "_bucket", f.name + "_sum", f.name + "_count"};
}

bool prometheus_metric_name_ok(std::string_view name) {
    if (name.empty()) return false;
    for (size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

bool prometheus_label_name_ok(std::string_view name) {
    if (name.empty() || name.substr(0, 2) == "__") return false;
    for (size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

std::string prometheus_label_value(const Value& key) {
    switch (key.kind) {
        case Value::Kind::Integer:
            return key.is_signed ? std::to_string(key.as_signed()) : std::to_string(key.as_unsigned());
        case Value::Kind::Float: return prometheus_number(static_cast<double>(key.fp));
        case Value::Kind::Bytes: {
            std::string_view b = key.bytes;
            std::string_view text = b.substr(0, b.find('\0'));
            bool printable = true;
            for (char c : text) {
                auto u = static_cast<unsigned char>(c);
                if (u < 0x20 || u == 0x7f) printable = false;
            }
            // The rest must be padding for the bytes to be text.
            for (size_t i = text.size(); i < b.size(); ++i)
                if (b[i] != '\0') printable = false;
            if (key.is_string || (printable && !text.empty())) return std::string(text);
            static constexpr char kDigits[] = "0123456789abcdef";
            std::string out = "0x";
            for (char c : b) {
                auto u = static_cast<unsigned char>(c);
                out += kDigits[u >> 4];
                out += kDigits[u & 15];
            }
            return out;
        }
        case Value::Kind::Stack: {
            std::string out;
            for (auto it = key.frames.rbegin(); it != key.frames.rend(); ++it) {
                if (it->empty()) continue;
                if (!out.empty()) out += ";";
                out += *it;
            }
            return out;
        }
        case Value::Kind::Symbol:
        case Value::Kind::Verbatim: return key.text;
    }
    return {};
}

}  // namespace bdtrace::output
