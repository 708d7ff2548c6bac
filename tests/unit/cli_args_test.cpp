// dtrace(1) command-line parsing, the flag tables, the usage text and the driver's messages.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iterator>

#include "cli/args.h"
#include "cli/driver.h"
#include "cli/flags.h"
#include "cli/usage.h"

using namespace bdtrace::cli;
using bdtrace::ProbeSpec;

namespace {

ArgsResult parse(std::vector<std::string> argv) {
    argv.insert(argv.begin(), "/usr/sbin/dtrace");
    return parse_args(argv);
}

std::string flag_letters(const CommandLine& line) {
    std::string s;
    for (const Flag& f : line.flags) s += f.letter;
    return s;
}

struct CliRun {
    int status = -1;
    std::string out;
    std::string err;
};

CliRun run_cli(std::vector<std::string> argv, std::vector<std::string> env = {}) {
    ArgsResult parsed = parse(std::move(argv));
    EXPECT_FALSE(parsed.error.has_value());
    CliRun r;
    DriverIo io;
    io.out = [&r](std::string_view s) { r.out += s; };
    io.err = [&r](std::string_view s) { r.err += s; };
    io.environment = std::move(env);
    io.handle_signals = false;
    r.status = run(parsed.line, io);
    return r;
}

// A file in the temporary directory, removed when the test ends.
struct TempFile {
    explicit TempFile(const std::string& text) {
        char name[] = "/tmp/bdtrace_cli_XXXXXX";
        int fd = mkstemp(name);
        path = name;
        if (fd >= 0) {
            ssize_t n = write(fd, text.data(), text.size());
            (void)n;
            close(fd);
        }
    }
    ~TempFile() { unlink(path.c_str()); }
    std::string path;
};

}  // namespace

TEST(CliArgs, ProgramNameIsTheBasename) {
    EXPECT_EQ(program_basename("/usr/sbin/dtrace"), "dtrace");
    EXPECT_EQ(program_basename("bdtrace"), "bdtrace");
    EXPECT_EQ(program_basename("./build/bdtrace"), "bdtrace");
    auto r = parse({"-n", "BEGIN"});
    EXPECT_EQ(r.line.program_name, "dtrace");
    EXPECT_EQ(r.line.argv0, "/usr/sbin/dtrace");
}

TEST(CliArgs, NoArgumentsShowsUsage) {
    auto r = parse({});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "");
    EXPECT_TRUE(r.error->show_usage);
    EXPECT_EQ(r.error->status, 2);
}

TEST(CliArgs, BundledFlags) {
    auto r = parse({"-qs", "x.d"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_EQ(flag_letters(r.line), "qs");
    ASSERT_EQ(r.line.programs.size(), 1u);
    EXPECT_EQ(r.line.programs[0].spec, ProbeSpec::Script);
    EXPECT_EQ(r.line.programs[0].text, "x.d");

    r = parse({"-qn", "BEGIN{}"});
    ASSERT_EQ(r.line.programs.size(), 1u);
    EXPECT_EQ(r.line.programs[0].spec, ProbeSpec::Name);
    EXPECT_EQ(r.line.programs[0].text, "BEGIN{}");

    r = parse({"-eqZw"});
    EXPECT_EQ(flag_letters(r.line), "eqZw");
    EXPECT_TRUE(r.line.compile_only);
}

TEST(CliArgs, AttachedArguments) {
    auto r = parse({"-nBEGIN", "-xquiet", "-b4m", "-qxbufsize=1m"});
    ASSERT_FALSE(r.error.has_value());
    ASSERT_EQ(r.line.flags.size(), 5u);
    EXPECT_EQ(r.line.flags[0].arg, "BEGIN");
    EXPECT_EQ(r.line.flags[1].arg, "quiet");
    EXPECT_EQ(r.line.flags[2].arg, "4m");
    EXPECT_EQ(r.line.flags[3].letter, 'q');
    EXPECT_EQ(r.line.flags[4].arg, "bufsize=1m");
}

TEST(CliArgs, ArgumentMayLookLikeAnOption) {
    auto r = parse({"-n", "-q"});
    ASSERT_FALSE(r.error.has_value());
    ASSERT_EQ(r.line.programs.size(), 1u);
    EXPECT_EQ(r.line.programs[0].text, "-q");
    EXPECT_EQ(flag_letters(r.line), "n");
}

TEST(CliArgs, DataModel) {
    auto r = parse({"-32", "-64", "-e"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_EQ(flag_letters(r.line), "36e");
    EXPECT_EQ(r.line.flags[0].arg, "2");
    EXPECT_EQ(r.line.flags[1].arg, "4");

    r = parse({"-3x"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "illegal option -- 3x");
    EXPECT_TRUE(r.error->show_usage);

    r = parse({"-6", "5"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "illegal option -- 65");

    r = parse({"-3"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "option requires an argument -- 3");
}

TEST(CliArgs, InterleavedOperands) {
    auto r = parse({"-n", "BEGIN", "a", "-q", "b", "-s", "x.d", "c"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_EQ(r.line.operands, (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_EQ(flag_letters(r.line), "nqs");
    ASSERT_EQ(r.line.programs.size(), 2u);
    EXPECT_EQ(r.line.programs[1].text, "x.d");
}

TEST(CliArgs, DoubleDashTakesOneOperand) {
    // getopt stops at "--"; DTrace keeps the next argument as an operand and starts again.
    auto r = parse({"-e", "--", "-x", "y", "-q"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_EQ(r.line.operands, (std::vector<std::string>{"-x", "y"}));
    EXPECT_EQ(flag_letters(r.line), "eq");
}

TEST(CliArgs, LoneDashIsAnOperand) {
    auto r = parse({"-e", "-"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_EQ(r.line.operands, (std::vector<std::string>{"-"}));
}

TEST(CliArgs, ProgramsKeepTheirOrder) {
    auto r = parse({"-s", "a.d", "-n", "BEGIN", "-P", "syscall", "-m", "mod", "-f", "read",
                    "-i", "42", "-s", "b.d"});
    ASSERT_FALSE(r.error.has_value());
    std::vector<std::pair<ProbeSpec, std::string>> got;
    for (const auto& p : r.line.programs) got.emplace_back(p.spec, p.text);
    std::vector<std::pair<ProbeSpec, std::string>> want = {
        {ProbeSpec::Script, "a.d"},    {ProbeSpec::Name, "BEGIN"},
        {ProbeSpec::Provider, "syscall"}, {ProbeSpec::Module, "mod"},
        {ProbeSpec::Function, "read"}, {ProbeSpec::Id, "42"},
        {ProbeSpec::Script, "b.d"},
    };
    EXPECT_EQ(got, want);
}

TEST(CliArgs, MissingArgument) {
    auto r = parse({"-e", "-x"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "option requires an argument -- x");
    EXPECT_TRUE(r.error->show_usage);
    EXPECT_EQ(r.error->status, 2);
}

TEST(CliArgs, IllegalOption) {
    auto r = parse({"-n", "BEGIN", "-k"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "illegal option -- k");
    EXPECT_TRUE(r.error->show_usage);
    EXPECT_EQ(r.error->status, 2);

    r = parse({"-qy"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "illegal option -- y");
}

TEST(CliArgs, OnlyOneMode) {
    for (auto argv : std::vector<std::vector<std::string>>{
             {"-l", "-V"}, {"-G", "-h", "-s", "x.d"}, {"-A", "-l"}, {"-l", "-l"}, {"-lV"}}) {
        auto r = parse(argv);
        ASSERT_TRUE(r.error.has_value()) << argv[0];
        EXPECT_EQ(r.error->message, "only one of the [-AGhlV] options can be specified at a time");
        EXPECT_FALSE(r.error->show_usage);
        EXPECT_EQ(r.error->status, 2);
    }
    EXPECT_FALSE(parse({"-l", "-n", "BEGIN"}).error.has_value());
}

TEST(CliArgs, LongOptions) {
    auto r = parse({"--dump-tokens", "-n", "BEGIN", "--dump-ast"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_TRUE(r.line.dump_tokens);
    EXPECT_TRUE(r.line.dump_ast);
    EXPECT_FALSE(r.line.help);
    EXPECT_TRUE(parse({"--help"}).line.help);
    r = parse({"--bogus"});
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->message, "illegal option -- -bogus");
}

TEST(CliArgs, ModeFlagsAreRecorded) {
    auto r = parse({"-e", "-v", "-v", "-o", "out.txt", "-V"});
    ASSERT_FALSE(r.error.has_value());
    EXPECT_TRUE(r.line.compile_only);
    EXPECT_TRUE(r.line.version);
    EXPECT_EQ(r.line.verbose, 2);
    EXPECT_EQ(r.line.output_file, "out.txt");
}

TEST(CliFlags, OptionRequests) {
    auto r = parse({"-x", "bufsize=2m", "-xquiet", "-b", "4m", "-D", "X=1", "-q", "-C", "-U",
                    "Y", "-I", "/inc", "-X", "s", "-Z", "-w", "-F", "-H", "-L", "/lib"});
    ASSERT_FALSE(r.error.has_value());
    auto reqs = option_requests(r.line);
    std::vector<std::string> got;
    for (const auto& q : reqs)
        got.push_back(q.name + (q.value ? "=" + *q.value : std::string()) + " (" + q.what + ")");
    std::vector<std::string> want = {
        "bufsize=2m (-x bufsize)", "quiet (-x quiet)",     "bufsize=4m (-b 4m)",
        "define=X=1 (-D X=1)",     "quiet (-q)",           "cpp (-C)",
        "undef=Y (-U Y)",          "incdir=/inc (-I /inc)", "stdc=s (-X s)",
        "zdefs (-Z)",              "destructive (-w)",     "flowindent (-F)",
        "cpphdrs (-H)",            "libdir=/lib (-L /lib)",
    };
    EXPECT_EQ(got, want);
}

TEST(CliFlags, EmptyValueAfterEquals) {
    auto reqs = option_requests(parse({"-x", "quiet="}).line);
    ASSERT_EQ(reqs.size(), 1u);
    EXPECT_EQ(reqs[0].name, "quiet");
    EXPECT_EQ(reqs[0].value, "");
}

TEST(CliFlags, Unsupported) {
    EXPECT_EQ(first_unsupported_flag(parse({"-G", "-s", "x.d"}).line), std::nullopt);  // built
    EXPECT_EQ(first_unsupported_flag(parse({"-h", "-s", "x.d"}).line), std::nullopt);
    EXPECT_EQ(first_unsupported_flag(parse({"-n", "BEGIN", "-c", "ls", "-p", "1"}).line), std::nullopt);
    EXPECT_EQ(first_unsupported_flag(parse({"-32", "-e"}).line), "-32");
    EXPECT_EQ(first_unsupported_flag(parse({"-64", "-e", "-o", "f", "-q"}).line), std::nullopt);
    for (std::string f : {"-A", "-a", "-B"}) {
        EXPECT_EQ(first_unsupported_flag(parse({f}).line), f);
    }
    EXPECT_EQ(first_unsupported_flag(parse({"-S", "-e"}).line), std::nullopt);  // -S works now
    EXPECT_EQ(unsupported_flags().size(), 4u);
    // -l lists probes; -v with it adds their attributes, and alone is the stability report.
    EXPECT_EQ(first_unsupported_flag(parse({"-l", "-n", "BEGIN"}).line), std::nullopt);
    EXPECT_EQ(first_unsupported_flag(parse({"-v", "-l", "-n", "BEGIN"}).line), std::nullopt);
    EXPECT_EQ(first_unsupported_flag(parse({"-lv"}).line), std::nullopt);
    EXPECT_EQ(first_unsupported_flag(parse({"-v", "-n", "BEGIN"}).line), std::nullopt);
    EXPECT_TRUE(parse({"-lvn", "BEGIN"}).line.list);
}

TEST(CliCommand, SplitLikeDtrace) {
    using V = std::vector<std::string>;
    EXPECT_EQ(split_command("echo hi"), (V{"echo", "hi"}));
    EXPECT_EQ(split_command("  ls\t-l \n /tmp\f\v\r"), (V{"ls", "-l", "/tmp"}));
    // No quoting, no shell: quotes stay in the words.
    EXPECT_EQ(split_command("sh -c 'exit 3'"), (V{"sh", "-c", "'exit", "3'"}));
    // No words: the command itself is the one word, as dtrace's make_argv leaves it.
    EXPECT_EQ(split_command(""), (V{""}));
    EXPECT_EQ(split_command("   "), (V{"   "}));
}

TEST(CliUsage, Layout) {
    std::string u = usage_text("dtrace");
    EXPECT_EQ(u.substr(0, u.find('\n')),
              "Usage: dtrace [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]");
    EXPECT_NE(u.find("\n\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"),
              std::string::npos);
    EXPECT_NE(u.find("\n\t   action -> '{' D-statements '}'\n"), std::string::npos);
    EXPECT_NE(u.find("\n\t-s  enable or list probes according to the specified D script\n"),
              std::string::npos);
    const std::string last = "\n\t-Z  permit probe descriptions that match zero probes\n";
    EXPECT_EQ(u.substr(u.size() - last.size()), last);
    std::string h = help_text("bdtrace");
    EXPECT_EQ(h.compare(0, u.size() - 1, usage_text("bdtrace").substr(0, u.size() - 1)), 0);
    EXPECT_NE(h.find("--dump-ast"), std::string::npos);
}

TEST(CliDriver, Version) {
    CliRun r = run_cli({"-V"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "dtrace: Sun D 1.13\n");
    EXPECT_EQ(r.err, "");
}

TEST(CliDriver, UnsupportedFlagIsRefused) {
    CliRun r = run_cli({"-B", "-n", "BEGIN"});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "dtrace: -B is not yet supported\n");
}

TEST(CliDriver, ListsWithoutTracing) {
    const std::string heading = "   ID   PROVIDER            MODULE                          FUNCTION NAME\n";
    CliRun r = run_cli({"-l", "-n", "END", "-n", "BEGIN{ exit(0); }"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, heading +
                         "    2     dtrace                                                     END\n"
                         "    1     dtrace                                                     BEGIN\n");
    EXPECT_EQ(r.err, "");  // no "matched" notices: nothing is enabled
    // -l wins over -e, as in DTrace's mode switch.
    EXPECT_EQ(run_cli({"-e", "-l", "-n", "END"}).out, heading + "    2     dtrace                                                     END\n");
}

TEST(CliDriver, ListNoMatchIsANoticeNotAFailure) {
    CliRun r = run_cli({"-l", "-m", "lt_nomod"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "dtrace: failed to match :lt_nomod::: No probe matches description\n");
}

TEST(CliDriver, ListVerboseBlockPerProbe) {
    CliRun r = run_cli({"-lv", "-P", "dtrace"});
    EXPECT_EQ(r.status, 0);
    size_t blocks = 0;
    for (size_t at = 0; (at = r.out.find("\tArgument Types\n\t\tNone\n\n", at)) != std::string::npos; ++at) ++blocks;
    EXPECT_EQ(blocks, 3u);
}

TEST(CliDriver, BadOptionMessages) {
    CliRun r = run_cli({"-x", "bogus", "-e", "-n", "BEGIN"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to set -x bogus: Invalid option name\n");

    r = run_cli({"-x", "stdc=x", "-e", "-n", "BEGIN"});
    EXPECT_EQ(r.err, "dtrace: failed to set -x stdc: Invalid value for specified option\n");

    r = run_cli({"-b", "4x", "-e", "-n", "BEGIN"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to set -b 4x: Invalid value for specified option\n");

    r = run_cli({"-X", "q", "-e", "-n", "BEGIN"});
    EXPECT_EQ(r.err, "dtrace: failed to set -X q: Invalid value for specified option\n");
}

TEST(CliDriver, CompileOnly) {
    CliRun r = run_cli({"-e", "-n", "BEGIN"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(run_cli({"-e"}).status, 0);
}

TEST(CliDriver, MissingScript) {
    CliRun r = run_cli({"-e", "-s", "/nonexistent/x.d"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to open /nonexistent/x.d: No such file or directory\n");
}

TEST(CliDriver, NoProbesSpecified) {
    CliRun r = run_cli({"-q"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: no probes specified\n");
}

TEST(CliDriver, MissingCommand) {
    CliRun r = run_cli({"-e", "-n", "BEGIN", "-c", "/nonexistent/lt_cmd -x"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to execute /nonexistent/lt_cmd: cannot find executable file\n");
}

TEST(CliDriver, BadPid) {
    CliRun r = run_cli({"-e", "-n", "BEGIN", "-p", "12x"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: invalid pid: 12x\n");
    r = run_cli({"-e", "-n", "BEGIN", "-p", "0"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to grab pid 0: no such process\n");
}

TEST(CliDriver, TargetIsTheFirstProcess) {
    // -e: compiled only; the held command is killed when dtrace is done with it.
    CliRun r = run_cli({"-e", "--dump-ast", "-n", "BEGIN { x = $target; }", "-p", std::to_string(getpid()),
                        "-c", "true"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("(int " + std::to_string(getpid()) + ")"), std::string::npos) << r.out;
}

TEST(CliDriver, CompileFailureIsReported) {
    // A preprocessor that does not exist makes the compile fail without relying on the parser.
    TempFile script("BEGIN {}\n");
    CliRun r = run_cli({"-C", "-x", "cpppath=/nonexistent/cpp", "-e", "-s", script.path});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err, "dtrace: failed to compile script " + script.path +
                         ": Preprocessor not found\n");
}

TEST(CliDriver, EnvironmentOptions) {
    // DTRACE_OPT_CPPPATH names a missing cpp, so -C fails: proof that it was applied.
    TempFile script("BEGIN {}\n");
    CliRun r = run_cli({"-C", "-e", "-s", script.path}, {"DTRACE_OPT_CPPPATH=/nonexistent/cpp"});
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.err.find("Preprocessor not found"), std::string::npos);

    // The command line wins over the environment.
    r = run_cli({"-C", "-x", "cpppath=cpp", "-e", "-s", script.path},
                {"DTRACE_OPT_CPPPATH=/nonexistent/cpp"});
    EXPECT_EQ(r.err.find("Preprocessor not found"), std::string::npos);

    r = run_cli({"-e", "-n", "BEGIN"}, {"DTRACE_OPT_BUFSIZE=lots", "DTRACE_OPT_NOSUCH=1"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.err, "dtrace: ignoring DTRACE_OPT_BUFSIZE: Invalid value for specified option\n");
}

TEST(CliDriver, OutputFileIsCreated) {
    std::string path = "/tmp/bdtrace_cli_out_" + std::to_string(getpid());
    unlink(path.c_str());
    CliRun r = run_cli({"-e", "-o", path, "-n", "BEGIN"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(access(path.c_str(), F_OK), 0);
    unlink(path.c_str());

    r = run_cli({"-e", "-o", "/nonexistent/dir/out", "-n", "BEGIN"});
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.err,
              "dtrace: failed to open output file '/nonexistent/dir/out': No such file or "
              "directory\n");
}

TEST(CliDriver, Help) {
    CliRun r = run_cli({"--help"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, help_text("dtrace"));
}

TEST(CliArgs, HeaderAndLinkModes) {
    auto h = parse({"--types", "-64", "-h", "-s", "p.d", "-o", "p.h"});
    ASSERT_FALSE(h.error.has_value());
    EXPECT_TRUE(h.line.header);
    EXPECT_FALSE(h.line.link);
    EXPECT_TRUE(h.line.stap_option);  // SystemTap's flag: accepted, no effect
    auto g = parse({"-G", "-s", "p.d", "a.o", "b.o"});
    EXPECT_TRUE(g.line.link);
    EXPECT_EQ(g.line.operands, (std::vector<std::string>{"a.o", "b.o"}));
    EXPECT_TRUE(parse({"--no-pyparsing", "-G", "-s", "p.d"}).line.stap_option);
}

TEST(CliDriver, HeaderAndLinkWrite) {
    TempFile script("provider lt { probe a__b(int); };\n");
    TempFile header(""), object("");
    CliRun h = run_cli({"-h", "-s", script.path, "-o", header.path});
    EXPECT_EQ(h.status, 0);
    EXPECT_EQ(h.err, "");
    std::ifstream in(header.path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("#define\tLT_A_B(arg0) \\\n\tDTRACE_PROBE1(lt, a__b, arg0)\n"), std::string::npos);
    // Under -G the operands are objects, not macro arguments ($1 is unused and no error).
    CliRun g = run_cli({"-G", "-s", script.path, "-o", object.path, header.path});
    EXPECT_EQ(g.status, 1);
    EXPECT_EQ(g.err, "dtrace: failed to link script " + script.path + ": failed to process " + header.path +
                         ": not an ELF file\n");
    CliRun ok = run_cli({"-G", "-s", script.path, "-o", object.path});
    EXPECT_EQ(ok.status, 0);
    EXPECT_EQ(ok.err, "");
}
