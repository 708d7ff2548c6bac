// bdtrace-plockstat: Solaris plockstat(1M) for Linux, a consumer of libbdtrace built on its
// public header alone (include/bdtrace/bdtrace.h), as plockstat is a consumer of libdtrace.
//
//   bdtrace-plockstat [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]] command [arg...]
//   bdtrace-plockstat [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]] -p pid
//
// It compiles a D program (program.h) against the process, traces until the process exits,
// -e seconds pass or SIGINT/SIGTERM, then reads the aggregations (Consumer::aggregate_snapshot)
// and prints the report (report.h). A command it started and that still runs is killed then,
// as DTrace kills its own.
#include <getopt.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <bdtrace/bdtrace.h>

#include "program.h"
#include "report.h"

namespace {

constexpr int kSuccess = 0, kError = 1, kUsage = 2;

volatile std::sig_atomic_t g_interrupted = 0;
std::string g_name = "bdtrace-plockstat";

void on_signal(int) { g_interrupted = 1; }

[[noreturn]] void usage() {
    std::fprintf(stderr,
                 "Usage:\n"
                 "\t%s [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]]\n"
                 "\t    command [arg...]\n"
                 "\t%s [-vACHV] [-n count] [-s depth] [-e secs] [-x opt[=val]]\n"
                 "\t    -p pid\n",
                 g_name.c_str(), g_name.c_str());
    std::exit(kUsage);
}

[[noreturn]] void fatal(const std::string& what, const std::string& why) {
    std::fprintf(stderr, "%s: %s: %s\n", g_name.c_str(), what.c_str(), why.c_str());
    std::exit(kError);
}

// A whole decimal number, as strtoul reads plockstat's counts.
bool whole_number(const char* text, unsigned long* out) {
    if (!*text || *text == '-') return false;
    errno = 0;
    char* end = nullptr;
    *out = std::strtoul(text, &end, 10);
    return errno == 0 && *end == '\0';
}

}  // namespace

int main(int argc, char** argv) {
    const char* slash = std::strrchr(argv[0], '/');
    g_name = slash ? slash + 1 : argv[0];
    argv[0] = const_cast<char*>(g_name.c_str());  // getopt's messages name the program as we do
    bool opt_p = false, opt_v = false, opt_V = false;
    plockstat::ProgramOptions prog;
    plockstat::ReportOptions rep;
    std::vector<std::pair<std::string, std::string>> xopts;  // -x, in order
    unsigned long depth = 0;
    long exit_after = -1;  // -e secs

    // '+': options end at the command, whose own options are its own.
    int c;
    while ((c = getopt(argc, argv, "+n:ps:e:vx:ACHV")) != -1) {
        unsigned long n = 0;
        switch (c) {
            case 'n':
                if (!whole_number(optarg, &n)) {
                    std::fprintf(stderr, "%s: invalid count '%s'\n", g_name.c_str(), optarg);
                    usage();
                }
                rep.max_entries = n;
                break;
            case 'p': opt_p = true; break;
            case 's':
                if (!whole_number(optarg, &depth) || depth == 0) {
                    std::fprintf(stderr, "%s: invalid depth '%s'\n", g_name.c_str(), optarg);
                    usage();
                }
                prog.histograms = rep.histograms = true;
                rep.stack_depth = depth;
                break;
            case 'e':
                if (!whole_number(optarg, &n)) {
                    std::fprintf(stderr, "%s: invalid timeout '%s'\n", g_name.c_str(), optarg);
                    usage();
                }
                exit_after = static_cast<long>(n);
                break;
            case 'v': opt_v = true; break;
            case 'x': {
                std::string a = optarg;
                size_t eq = a.find('=');
                xopts.emplace_back(a.substr(0, eq), eq == std::string::npos ? "\x01" : a.substr(eq + 1));
                break;
            }
            case 'A': prog.contention = prog.hold = true; break;
            case 'C': prog.contention = true; break;
            case 'H': prog.hold = true; break;
            case 'V': opt_V = true; break;
            default: usage();
        }
    }
    if (optind == argc) usage();
    if (!prog.contention && !prog.hold) prog.contention = true;
    rep.contention = prog.contention;
    rep.hold = prog.hold;
    std::vector<std::string> operands(argv + optind, argv + argc);

    bdtrace::OpenOptions oo;
    oo.program_name = g_name;
    oo.sinks.out = [](std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); };
    oo.sinks.err = [](std::string_view s) {
        std::fflush(stdout);
        std::fwrite(s.data(), 1, s.size(), stderr);
    };
    auto consumer = bdtrace::Consumer::open(std::move(oo));
    auto set = [&](const std::string& name, std::optional<std::string_view> value) {
        if (auto err = consumer->setopt(name, value)) fatal("failed to set '" + name + "'", *err);
    };
    set("strsize", "32");
    set("aggsortrev", std::nullopt);
    set("zdefs", std::nullopt);  // a glibc without one of the lock functions is no error
    if (depth) set("ustackframes", std::to_string(depth));
    for (const auto& [name, value] : xopts) {
        auto err = consumer->setopt(name, value == "\x01" ? std::nullopt : std::optional<std::string_view>(value));
        if (err) fatal("failed to set -x " + name, *err);
    }

    std::optional<int> pid;
    if (opt_p) {
        unsigned long n = 0;
        if (operands.size() > 1) {
            std::fprintf(stderr, "%s: only one pid is allowed\n", g_name.c_str());
            usage();
        }
        if (!whole_number(operands[0].c_str(), &n) || n == 0 || n > 0x7fffffff) {
            std::fprintf(stderr, "%s: invalid pid '%s'\n", g_name.c_str(), operands[0].c_str());
            usage();
        }
        pid = consumer->grab_process(static_cast<int>(n));
    } else {
        pid = consumer->create_process(operands);
    }
    if (!pid) {
        std::fprintf(stderr, "%s: %s\n", g_name.c_str(), consumer->last_error().c_str());
        return kError;
    }

    std::string text = plockstat::d_program(prog);
    if (opt_V) {
        std::fprintf(stderr, "%s: vvvv D program vvvv\n", g_name.c_str());
        std::fputs(text.c_str(), stderr);
        std::fprintf(stderr, "%s: ^^^^ D program ^^^^\n", g_name.c_str());
    }
    bdtrace::CompileRequest req;
    req.spec = bdtrace::ProbeSpec::Script;
    req.text = text;
    req.source_name = "plockstat";
    req.args = {g_name};
    auto program = consumer->compile(req);
    if (!program) fatal("failed to compile program", consumer->last_error());
    bdtrace::ProgramInfo info;
    if (!consumer->exec(*program, &info)) fatal("failed to enable probes", consumer->last_error());

    struct sigaction act {};
    act.sa_handler = on_signal;
    sigemptyset(&act.sa_mask);
    sigaction(SIGINT, &act, nullptr);
    sigaction(SIGTERM, &act, nullptr);

    if (!consumer->go()) fatal("failed to start tracing", consumer->last_error());
    consumer->continue_processes();
    if (opt_v) {
        std::printf("%s: tracing enabled for pid %d\n", g_name.c_str(), *pid);
        std::fflush(stdout);
    }
    // -e: the consumer's loop ends after that long. (Solaris' plockstat adds a tick-10hz clause
    // calling exit(); here a clause that records would print its probe line.)
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(exit_after < 0 ? 0 : exit_after);
    while (!g_interrupted && (exit_after < 0 || std::chrono::steady_clock::now() < deadline)) {
        if (consumer->work() != bdtrace::WorkStatus::Okay) break;
    }
    if (!consumer->stop()) fatal("couldn't stop tracing", consumer->last_error());

    const int traced = *pid;
    std::string out = plockstat::report(consumer->aggregate_snapshot(), rep, [&](uint64_t address) {
        return consumer->user_address_name(static_cast<uint64_t>(traced), address);
    });
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kSuccess;
}
