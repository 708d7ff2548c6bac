#include "dlib/library.h"

#include <sys/utsname.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "diag/render.h"
#include "frontend/declared_names.h"
#include "frontend/parse.h"

namespace bdtrace::dlib {

std::optional<KernelVersion> parse_version(std::string_view s) {
    KernelVersion v;
    size_t i = 0;
    auto number = [&](int* out) {
        size_t start = i;
        int n = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 6)
            n = n * 10 + (s[i++] - '0');
        *out = n;
        return i > start;
    };
    if (!number(&v.major) || i >= s.size() || s[i++] != '.' || !number(&v.minor))
        return std::nullopt;
    return v;
}

std::optional<KernelVersion> running_kernel() {
    struct utsname u {};
    if (uname(&u) != 0) return std::nullopt;
    return parse_version(u.release);
}

namespace {

std::string base_name(const std::string& path) {
    size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

KernelVersion version_of(const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return {};
    return parse_version(path.substr(0, slash)).value_or(KernelVersion{});
}

// The libraries a file names in `#pragma D depends_on library X` lines.
std::vector<std::string> dependencies(std::string_view text) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view view = text.substr(pos, end - pos);
        pos = end + 1;
        if (view.find("depends_on") == std::string_view::npos) continue;
        std::string line(view);
        std::vector<std::string> words;
        size_t b = 0;
        while ((b = line.find_first_not_of(" \t", b)) != std::string::npos) {
            size_t e = line.find_first_of(" \t", b);
            words.push_back(line.substr(b, e == std::string::npos ? e : e - b));
            b = e;
        }
        if (words.size() == 5 && words[0] == "#pragma" && words[1] == "D" &&
            words[2] == "depends_on" && words[3] == "library")
            out.push_back(words[4]);
    }
    return out;
}

}  // namespace

std::string shown_name(const File& f) {
    return f.shown.empty() ? "/usr/lib/dtrace/" + base_name(f.path) : f.shown;
}

std::vector<File> select(const std::vector<File>& files, KernelVersion kernel, std::string* why) {
    std::map<std::string, const File*> chosen;  // by name
    for (const File& f : files) {
        KernelVersion v = version_of(f.path);
        if (!(v <= kernel)) continue;
        const File*& slot = chosen[base_name(f.path)];
        if (!slot || version_of(slot->path) <= v) slot = &f;
    }
    std::vector<File> out;
    std::set<std::string> done, visiting;
    std::function<bool(const std::string&)> visit = [&](const std::string& name) {
        if (done.count(name)) return true;
        auto it = chosen.find(name);
        if (it == chosen.end()) {
            *why = "library " + name + " is not available for this kernel";
            return false;
        }
        if (!visiting.insert(name).second) {
            *why = "circular library dependency on " + name;
            return false;
        }
        for (const auto& d : dependencies(it->second->text))
            if (!visit(d)) return false;
        visiting.erase(name);
        done.insert(name);
        out.push_back(*it->second);
        return true;
    };
    for (const auto& [name, f] : chosen)
        if (!visit(name)) return {};
    return out;
}

std::shared_ptr<const Library> load(const std::vector<File>& files, KernelVersion kernel,
                                    DiagnosticList& diags) {
    std::string why;
    std::vector<File> chosen = select(files, kernel, &why);
    if (!why.empty()) {
        diags.error("D_PRAGMA_DEPEND", SourceRange{}, why);
        return nullptr;
    }
    auto lib = std::make_shared<Library>();
    std::shared_ptr<const frontend::DeclaredNames> names;
    for (const File& f : chosen) {
        frontend::SourceBuffer src(shown_name(f), std::string(f.text));
        frontend::ParseOptions po;
        po.known = names;
        po.library = true;
        DiagnosticList local;
        frontend::ParseResult pr = frontend::parse_program(src, po, local);
        if (local.has_errors()) {
            for (const Diagnostic& d : local.items())
                diags.add(in_file(d, shown_name(f)));
            return nullptr;
        }
        names = pr.names;
        lib->programs.push_back(std::move(pr.program));
        lib->paths.push_back(f.path);
        lib->shown.push_back(shown_name(f));
    }
    lib->names = names ? names : std::make_shared<const frontend::DeclaredNames>();
    return lib;
}

std::shared_ptr<const Library> system_library(DiagnosticList& diags) {
    static std::mutex mu;
    static std::shared_ptr<const Library> cached;
    std::lock_guard<std::mutex> lock(mu);
    if (!cached) cached = load(embedded_files(), running_kernel().value_or(KernelVersion{}), diags);
    return cached;
}

bool read_directory(const std::string& dir, std::deque<std::string>& store, std::vector<File>& out,
                    std::string* why) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> found;
    // A directory that cannot be opened is passed over, as DTrace skips it (dt_load_libs_dir).
    if (fs::directory_iterator probe(dir, ec); ec) return true;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file() && it->path().extension() == ".d") found.push_back(it->path());
        if (it->is_directory() && parse_version(it->path().filename().string()))
            for (fs::directory_iterator sub(it->path(), ec), e2; !ec && sub != e2;
                 sub.increment(ec))
                if (sub->is_regular_file() && sub->path().extension() == ".d")
                    found.push_back(sub->path());
    }
    if (ec) {
        *why = "failed to read library directory " + dir + ": " + ec.message();
        return false;
    }
    std::sort(found.begin(), found.end());
    for (const auto& p : found) {
        std::ifstream in(p);
        std::ostringstream text;
        text << in.rdbuf();
        if (!in) {
            *why = "failed to read library " + p.string();
            return false;
        }
        store.push_back(text.str());
        std::string rel = fs::relative(p, dir).string();
        out.push_back({rel, store.back(), dir + "/" + rel});
    }
    return true;
}

// Providers whose args[] are the library's translated types (io: bufinfo_t *, devinfo_t *):
// a program naming one needs the library as one naming those types does.
constexpr std::string_view kTranslatingProviders[] = {"io"};

bool mentions_library(std::string_view text) {
    static const std::set<std::string_view> names = [] {
        std::set<std::string_view> s(declared_names().begin(), declared_names().end());
        s.insert(std::begin(kTranslatingProviders), std::end(kTranslatingProviders));
        return s;
    }();
    auto ident_char = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    };
    for (size_t i = 0; i < text.size();) {
        if (!ident_char(text[i])) {
            ++i;
            continue;
        }
        size_t b = i;
        while (i < text.size() && ident_char(text[i])) ++i;
        if (names.count(text.substr(b, i - b))) return true;
        // The proc and sched providers' args[] are the library's translations.
        if (i < text.size() && text[i] == ':' && (text.substr(b, i - b) == "proc" || text.substr(b, i - b) == "sched"))
            return true;
    }
    return false;
}

std::shared_ptr<const Library> load_configured(const Config& config, DiagnosticList& diags) {
    if (!config.nolibs && config.syslibdir.empty() && config.libdirs.empty())
        return system_library(diags);
    std::deque<std::string> store;
    std::vector<File> files;
    std::string why;
    if (!config.nolibs) {
        if (config.syslibdir.empty())
            files = embedded_files();
        else if (!read_directory(config.syslibdir, store, files, &why)) {
            diags.error("D_UNKNOWN", SourceRange{}, why);
            return nullptr;
        }
    }
    for (const auto& dir : config.libdirs) {
        std::vector<File> more;
        if (!read_directory(dir, store, more, &why)) {
            diags.error("D_UNKNOWN", SourceRange{}, why);
            return nullptr;
        }
        // A file of a later directory replaces one of the same name.
        for (const File& f : more) {
            std::erase_if(files, [&](const File& g) { return g.path == f.path; });
            files.push_back(f);
        }
    }
    return load(files, running_kernel().value_or(KernelVersion{}), diags);
}

}  // namespace bdtrace::dlib
