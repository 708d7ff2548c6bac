// -C with the system's real cpp: predefined macros, line markers, option order, failures.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "frontend/preprocess.h"

using bdtrace::DiagnosticList;
using bdtrace::frontend::PreprocessOptions;
using bdtrace::frontend::preprocess;

namespace {

// The output without line markers and blank lines, one string per remaining line.
std::vector<std::string> code_lines(const std::string& out) {
    std::vector<std::string> lines;
    size_t b = 0;
    while (b < out.size()) {
        size_t e = out.find('\n', b);
        if (e == std::string::npos) e = out.size();
        std::string line = out.substr(b, e - b);
        if (!line.empty() && line[0] != '#' && line.find_first_not_of(" \t") != std::string::npos)
            lines.push_back(line.substr(line.find_first_not_of(" \t")));
        b = e + 1;
    }
    return lines;
}

std::string run_cpp(const std::string& text, const PreprocessOptions& opts = {},
                    const std::string& name = "x.d") {
    DiagnosticList diags;
    auto out = preprocess(text, name, opts, diags);
    EXPECT_TRUE(out.has_value()) << (diags.empty() ? "" : diags.items()[0].message);
    EXPECT_FALSE(diags.has_errors());
    return out.value_or("");
}

std::string first_code_line(const std::string& text, const PreprocessOptions& opts = {}) {
    auto lines = code_lines(run_cpp(text, opts));
    return lines.empty() ? std::string("<none>") : lines[0];
}

std::string failure(const std::string& text, const PreprocessOptions& opts) {
    DiagnosticList diags;
    auto out = preprocess(text, "x.d", opts, diags);
    EXPECT_FALSE(out.has_value());
    if (diags.items().size() != 1) return "<" + std::to_string(diags.items().size()) + " diags>";
    const auto& d = diags.items()[0];
    EXPECT_EQ(d.range.begin.line, 0u);
    EXPECT_EQ(d.tag, "");
    return d.message;
}

}  // namespace

TEST(Preprocess, DTraceMacros) {
    EXPECT_EQ(first_code_line("__SUNW_D __SUNW_D_VERSION __SUNW_D_64\n"), "1 0x0100d000 1");
    PreprocessOptions older;
    older.version = (1u << 24) | (5u << 12);
    EXPECT_EQ(first_code_line("__SUNW_D_VERSION\n", older), "0x01005000");
}

TEST(Preprocess, PlatformMacros) {
    EXPECT_EQ(first_code_line("__linux __unix\n"), "1 1");
#if defined(__x86_64__)
    EXPECT_EQ(first_code_line("__amd64 __x86_64\n"), "1 1");
#endif
    struct utsname uts;
    ASSERT_EQ(uname(&uts), 0);
    std::string macro = std::string("__") + uts.sysname + "_" + uts.release;
    for (char& c : macro) {
        if (!isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    EXPECT_EQ(first_code_line("#ifdef " + macro + "\nyes\n#else\nno\n#endif\n"), "yes");
}

TEST(Preprocess, GnuNamesDoNotLeakIntoD) {
    // `linux` and `unix` are ordinary identifiers in D.
    EXPECT_EQ(first_code_line("linux unix\n"), "linux unix");
    EXPECT_EQ(first_code_line("#ifdef __GNUC__\ngnu\n#else\nplain\n#endif\n"), "plain");
}

TEST(Preprocess, LineMarkersNameTheSource) {
    std::string out = run_cpp("BEGIN\n{\n}\n", {}, "my script.d");
    EXPECT_NE(out.find("# 1 \"my script.d\"\n"), std::string::npos) << out;
    EXPECT_EQ(first_code_line("__FILE__ __LINE__\n"), "\"x.d\" 1");
    std::string quoted = run_cpp("__FILE__\n", {}, "a\"b.d");
    EXPECT_NE(quoted.find("\"a\\\"b.d\""), std::string::npos) << quoted;
}

TEST(Preprocess, InterpreterLineIsDropped) {
    auto lines = code_lines(run_cpp("#!/usr/sbin/dtrace -s\nBEGIN __LINE__\n"));
    EXPECT_EQ(lines, (std::vector<std::string>{"BEGIN 2"}));
}

TEST(Preprocess, DefinesUndefsAndIncludes) {
    char dir[] = "/tmp/bdtrace_pp_XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    std::string header = std::string(dir) + "/inc.h";
    std::ofstream(header) << "#define FROM_HEADER 42\n";

    PreprocessOptions opts;
    opts.defines = {"FOO=7", "BAR"};
    opts.undefs = {"__unix"};
    opts.includes = {dir};
    opts.extra_args = {"-DEXTRA=9"};
    auto lines = code_lines(run_cpp("#include \"inc.h\"\nFOO BAR __unix FROM_HEADER EXTRA\n", opts));
    EXPECT_EQ(lines, (std::vector<std::string>{"7 1 __unix 42 9"}));

    unlink(header.c_str());
    rmdir(dir);
}

TEST(Preprocess, StdcModes) {
    const std::string probe = "#ifdef __STDC__\nstdc\n#else\nnostdc\n#endif\n";
    PreprocessOptions opts;
    opts.stdc_mode = 's';
    EXPECT_EQ(first_code_line(probe, opts), "nostdc");
    opts.stdc_mode = 'c';
    EXPECT_EQ(first_code_line(probe, opts), "stdc");
    opts.stdc_mode = 'a';
    EXPECT_EQ(first_code_line("linux\n", opts), "linux");
}

TEST(Preprocess, PragmasPassThrough) {
    std::string out = run_cpp("#pragma D option quiet\nBEGIN\n");
    EXPECT_NE(out.find("\n#pragma D option quiet\n"), std::string::npos) << out;
}

TEST(Preprocess, Failures) {
    PreprocessOptions opts;
    EXPECT_EQ(failure("#error boom\n", opts), "Preprocessor failed to process input program");
    opts.cpp_path = "/nonexistent/cpp";
    EXPECT_EQ(failure("BEGIN\n", opts), "Preprocessor not found");
    opts.cpp_path = "bdtrace-no-such-cpp";
    EXPECT_EQ(failure("BEGIN\n", opts), "Preprocessor not found");
    opts.cpp_path = "/etc/passwd";  // not executable
    EXPECT_EQ(failure("BEGIN\n", opts), "Failed to exec preprocessor");
}

TEST(Preprocess, LargeInputDoesNotDeadlock) {
    std::string text;
    for (int i = 0; i < 40000; ++i) text += "x" + std::to_string(i) + " = Y;\n";
    PreprocessOptions opts;
    opts.defines = {"Y=1"};
    auto lines = code_lines(run_cpp(text, opts));
    ASSERT_EQ(lines.size(), 40000u);
    EXPECT_EQ(lines.back(), "x39999 = 1;");
}

TEST(Preprocess, PreprocessorThatStopsReadingEarly) {
    // `false` exits at once without reading: our writes hit a closed pipe. That must be a
    // plain failure, not a SIGPIPE that kills the process.
    std::string text(1 << 20, 'x');
    PreprocessOptions opts;
    opts.cpp_path = "false";
    EXPECT_EQ(failure(text, opts), "Preprocessor failed to process input program");
}
