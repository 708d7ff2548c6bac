#include "frontend/pragma.h"

#include <cctype>
#include <cstring>
#include <strings.h>

#include "frontend/lexer.h"
#include "frontend/parse.h"

namespace bdtrace::frontend {

namespace {

using Words = std::vector<ControlWord>;
using Kind = ControlWord::Kind;

struct Ctx {
    const Words& args;  // the words after the directive name
    const std::string& name;
    size_t begin, end;  // the control line, without its newline
    Lexer& lexer;
    const ParseOptions& opts;
    // DTrace steps its line counter back onto the control line before it runs a directive
    // from its table; a bare "# N" line runs without that step, so its errors carry the
    // number of the line after it.
    bool on_next_line = false;
    [[noreturn]] void fail(Tag tag, const std::string& msg) const {
        if (on_next_line) lexer.fail(tag, end + 1, end + 1, msg);
        lexer.fail(tag, begin, end, msg);
    }
};

bool is_stability(const std::string& s) {
    static const char* names[] = {"Internal", "Private",  "Obsolete", "External",
                                  "Unstable", "Evolving", "Stable",   "Standard"};
    for (auto n : names)
        if (strcasecmp(n, s.c_str()) == 0) return true;
    return false;
}

bool is_class(const std::string& s) {
    static const char* names[] = {"Unknown", "CPU", "Platform", "Group", "ISA", "Common"};
    for (auto n : names)
        if (strcasecmp(n, s.c_str()) == 0) return true;
    return false;
}

// name/data/class, each part optional from the right.
bool valid_attributes(const std::string& text) {
    std::vector<std::string> parts;
    size_t b = 0;
    for (;;) {
        size_t e = text.find('/', b);
        parts.push_back(text.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos) break;
        b = e + 1;
    }
    if (parts.size() > 3) return false;
    if (parts.size() == 1 && parts[0].empty()) return true;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].empty()) return i == parts.size() - 1 && i > 0 ? true : false;
        if (i < 2 ? !is_stability(parts[i]) : !is_class(parts[i])) return false;
    }
    return true;
}

bool valid_version(const std::string& s) {
    int n[3] = {0, 0, 0};
    size_t i = 0;
    for (char c : s) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            n[i] = n[i] * 10 + (c - '0');
            if (n[i] > 4095) return false;
        } else if (c != '.' || ++i >= 3) {
            return false;
        }
    }
    return n[0] <= 255;
}

void do_attributes(const Ctx& c) {
    if (c.args.size() < 2 || c.args[0].kind != Kind::Ident || c.args[1].kind != Kind::Ident)
        c.fail("D_PRAGMA_MALFORM", "malformed #pragma " + c.name + " <attributes> <ident>");
    if (!valid_attributes(c.args[0].text))
        c.fail("D_PRAGMA_INVAL", "invalid attributes specified by #pragma " + c.name);
    if (c.args[1].text == "provider") {
        if (c.args.size() < 4)
            c.fail("D_PRAGMA_MALFORM", "malformed #pragma " + c.name + " <attributes> <ident>");
        static const char* parts[] = {"provider", "module", "function", "name", "args"};
        bool ok = false;
        for (auto p : parts) ok = ok || c.args[3].text == p;
        if (!ok)
            c.fail("D_PRAGMA_INVAL", "invalid component \"" + c.args[3].text +
                                         "\" in attribute #pragma for provider " + c.args[2].text);
    }
}

void do_binding(const Ctx& c) {
    if (c.args.size() < 2 || c.args[0].kind != Kind::String || c.args[1].kind != Kind::Ident)
        c.fail("D_PRAGMA_MALFORM", "malformed #pragma " + c.name + " \"version\" <ident>");
    if (!valid_version(c.args[0].text))
        c.fail("D_PRAGMA_INVAL", "invalid version string specified by #pragma " + c.name);
}

void do_depends_on(const Ctx& c) {
    // The system library orders its files by these (dlib/library.cpp reads them).
    if (c.opts.library && !c.args.empty() && c.args[0].kind == Kind::Ident && c.args[0].text == "library") return;
    if (c.args.size() < 2 || c.args[0].kind != Kind::Ident || c.args[1].kind != Kind::Ident)
        c.fail("D_PRAGMA_MALFORM", "malformed #pragma " + c.name + " <class> <name>");
    const std::string& cls = c.args[0].text;
    if (cls == "library")
        c.fail("D_PRAGMA_DEPEND", "main program may not explicitly depend on a library");
    if (cls != "provider" && cls != "module")
        c.fail("D_PRAGMA_INVAL", "invalid class " + cls + " specified by #pragma " + c.name);
    // Whether the provider or module exists is checked when probes are matched.
}

void do_error(const Ctx& c) {
    std::string msg;
    for (const auto& w : c.args)
        if (w.kind != Kind::Int) msg += w.text + " ";
    c.fail("D_PRAGERR", "#" + c.name + ": " + msg);
}

void do_ident(const Ctx&) {}

// `# N "file" flags...` from cpp, or `#line N "file"`. Any number of integer flags may follow
// the file name.
void apply_line(const Ctx& c, uint32_t next_line_bump) {
    const Words& a = c.args;
    bool ok = !a.empty() && a[0].kind == Kind::Int && (a.size() < 2 || a[1].kind == Kind::String);
    for (size_t i = 2; ok && i < a.size(); ++i) ok = a[i].kind == Kind::Int;
    if (!ok) c.fail("D_PRAGMA_MALFORM", "malformed #" + c.name + " <line> [ [\"file\"] state ]");
    // DTrace sets its line counter to N while it is still on the control line and, for
    // `#line`, then counts that line's newline again: the next line is N after `# N`, and
    // N + 1 after `#line N`.
    c.lexer.set_line_base(c.end + 1, static_cast<uint32_t>(a[0].value) + next_line_bump,
                          a.size() > 1 ? &a[1].text : nullptr);
}

void do_line(const Ctx& c) { apply_line(c, 1); }

void do_option(const Ctx& c) {
    if (c.args.empty() || c.args[0].kind != Kind::Ident)
        c.fail("D_PRAGMA_MALFORM", "malformed #pragma " + c.name + " <option>=<val>");
    if (c.args.size() > 1)
        c.fail("D_PRAGMA_MALFORM", "superfluous arguments specified for #pragma " + c.name);
    std::string opt = c.args[0].text;
    std::optional<std::string> val;
    if (auto eq = opt.find('='); eq != std::string::npos) {
        val = opt.substr(eq + 1);
        opt.resize(eq);
    }
    std::string err = c.opts.on_option ? c.opts.on_option(opt, val) : std::string();
    if (err.empty()) {
        if (opt == "defaultargs" && !val) c.lexer.set_defaultargs();
        if (opt == "pspec" && !val) c.lexer.set_pspec();
        return;
    }
    if (val)
        c.fail("D_PRAGMA_OPTSET", "failed to set option '" + opt + "' to '" + *val + "': " + err);
    c.fail("D_PRAGMA_OPTSET", "failed to set option '" + opt + "': " + err);
}

// Where a directive may appear: after a bare '#', after "#pragma", or only after "#pragma D".
enum Level { Directive = 0, Pragma = 1, DPragma = 2 };

struct DirectiveDef {
    const char* name;
    void (*apply)(const Ctx&);
    Level level;
    bool recorded;  // kept in the syntax tree for later stages
};

constexpr DirectiveDef kDirectives[] = {
    {"attributes", do_attributes, DPragma, true}, {"binding", do_binding, DPragma, true},
    {"depends_on", do_depends_on, DPragma, true}, {"error", do_error, Directive, false},
    {"ident", do_ident, Directive, false},        {"line", do_line, Directive, false},
    {"option", do_option, DPragma, true},
};

}  // namespace

bool process_control_line(const Words& words, size_t begin, size_t end, Lexer& lexer,
                          const ParseOptions& opts, ast::Pragma& out) {
    Level level = Directive;
    for (size_t i = 0; i < words.size(); ++i) {
        const ControlWord& w = words[i];
        Words rest(words.begin() + static_cast<long>(i) + 1, words.end());
        if (w.kind == Kind::Int) {  // "# 12 "file"" from cpp
            Words all(words.begin() + static_cast<long>(i), words.end());
            std::string name = "line";
            apply_line(Ctx{all, name, begin, end, lexer, opts, true}, 0);
            return false;
        }
        // Raised before DTrace steps back onto the control line: the line after it.
        if (w.kind != Kind::Ident)
            lexer.fail("D_PRAGCTL_INVAL", end + 1, end + 1, "invalid control directive");
        if (level == Directive && w.text == "pragma") {
            level = Pragma;
            continue;
        }
        if (level == Pragma && w.text == "D") {
            level = DPragma;
            continue;
        }
        for (const auto& d : kDirectives) {
            if (d.level > level || w.text != d.name) continue;
            std::string name = d.name;
            d.apply(Ctx{rest, name, begin, end, lexer, opts, false});
            if (!d.recorded) return false;
            out.directive = d.name;
            for (const auto& a : rest) out.args.push_back(a.text);
            out.range = lexer.range(begin, end);
            return true;
        }
        if (level == Directive)
            lexer.fail("D_PRAGCTL_INVAL", begin, end, "invalid control directive: #" + w.text);
        if (level == Pragma) return false;  // foreign pragmas are ignored, as C compilers do
        lexer.fail("D_PRAGMA_INVAL", begin, end, "invalid D pragma: " + w.text);
    }
    return false;  // a null directive
}

}  // namespace bdtrace::frontend
