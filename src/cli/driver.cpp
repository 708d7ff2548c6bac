// The dtrace(1) driver. Message texts and their order follow DTrace's cmd/dtrace.c.
#include "cli/driver.h"

#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>

#include "cli/flags.h"
#include "cli/usage.h"

namespace bdtrace::cli {

namespace {

constexpr int kError = 1;
constexpr int kUsage = 2;
constexpr const char* kOptionEnvPrefix = "DTRACE_OPT_";
constexpr const char* kTestingEnv = "_DTRACE_TESTING";

std::atomic<int> g_interrupts{0};

void on_interrupt(int) { g_interrupts.fetch_add(1); }

// Installs on_interrupt for SIGINT and SIGTERM unless they are ignored (as under nohup), and
// puts the old handlers back when it goes away.
class InterruptHandlers {
public:
    explicit InterruptHandlers(bool install) {
        if (!install) return;
        for (size_t i = 0; i < 2; ++i) {
            struct sigaction old;
            if (sigaction(kSignals[i], nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
            struct sigaction act;
            std::memset(&act, 0, sizeof act);
            act.sa_handler = on_interrupt;
            sigemptyset(&act.sa_mask);
            if (sigaction(kSignals[i], &act, &old_[i]) == 0) installed_[i] = true;
        }
    }
    ~InterruptHandlers() {
        for (size_t i = 0; i < 2; ++i) {
            if (installed_[i]) sigaction(kSignals[i], &old_[i], nullptr);
        }
    }
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

private:
    static constexpr int kSignals[2] = {SIGINT, SIGTERM};
    struct sigaction old_[2];
    bool installed_[2] = {false, false};
};

// Reads a whole file; "-" is standard input. On failure returns nullopt with errno set.
std::optional<std::string> read_whole_file(const std::string& path) {
    int fd = path == "-" ? dup(STDIN_FILENO) : open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string text;
    char buf[65536];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0) {
            text.append(buf, static_cast<size_t>(n));
        } else if (n == 0) {
            break;
        } else if (errno != EINTR) {
            int saved = errno;
            close(fd);
            errno = saved;
            return std::nullopt;
        }
    }
    close(fd);
    return text;
}

struct Compiled {
    std::shared_ptr<Program> program;
    const char* desc;  // "script" or "description", for the "matched" notice
    std::string name;  // the script path, or the description cut at its first '{', '/' or ';'
};

class Driver {
public:
    Driver(const CommandLine& line, const DriverIo& io) : line_(line), io_(io) {}
    int run();

private:
    void error(const std::string& message) { io_.err(line_.program_name + ": " + message + "\n"); }
    int consumer_failure() {
        error(consumer_->last_error());
        return consumer_->failure_status();
    }
    bool quiet() const { return consumer_->getopt("quiet").has_value(); }
    void notice(const std::string& message) {
        if (!quiet()) error(message);
    }
    void write_output(std::string_view s) {
        if (output_) {
            std::fwrite(s.data(), 1, s.size(), output_.get());
        } else {
            io_.out(s);
        }
    }
    std::optional<std::string> env(const std::string& name) const;

    void open_consumer();
    void apply_environment_options();
    std::optional<int> apply_flag_options();
    std::optional<int> start_processes();
    std::optional<int> compile_programs();
    std::optional<int> open_output_file();
    std::optional<int> enable_programs();
    int check_programs();
    void stability_report(const Compiled& c, const ProgramInfo& info);
    int list();
    int header();
    int link();
    int trace();

    const CommandLine& line_;
    const DriverIo& io_;
    std::unique_ptr<Consumer> consumer_;
    std::vector<Compiled> compiled_;
    std::shared_ptr<FILE> output_;  // -o; null means stdout
    uint64_t matched_ = 0;
};

std::optional<std::string> Driver::env(const std::string& name) const {
    for (const std::string& entry : io_.environment) {
        if (entry.size() > name.size() && entry.compare(0, name.size(), name) == 0 &&
            entry[name.size()] == '=')
            return entry.substr(name.size() + 1);
        if (entry == name) return std::string();
    }
    return std::nullopt;
}

void Driver::open_consumer() {
    OpenOptions oo;
    oo.program_name = line_.program_name;
    oo.testing_output = env(kTestingEnv).has_value();
    // Traced data goes to stdout until -o names a file (opened once programs compile).
    oo.sinks.out = [this](std::string_view s) { write_output(s); };
    oo.sinks.err = [this](std::string_view s) { io_.err(s); };
    // ftruncate(): DTrace truncates its output stream, which only a -o file lets happen.
    oo.sinks.truncate = [this]() {
        if (!output_) return;
        std::fflush(output_.get());
        if (::ftruncate(fileno(output_.get()), 0) == 0) std::rewind(output_.get());
    };
    consumer_ = Consumer::open(std::move(oo));
}

// DTRACE_OPT_<NAME>=value sets option <name> before the command line does (Oracle's
// dtrace_setoptenv). An empty value sets the option without a value (turns a flag on).
// Variables that name no option are ignored, as Oracle does; a bad value is reported.
void Driver::apply_environment_options() {
    std::string prefix = kOptionEnvPrefix;
    for (const std::string& entry : io_.environment) {
        if (entry.compare(0, prefix.size(), prefix) != 0) continue;
        size_t eq = entry.find('=');
        std::string var = entry.substr(0, eq);
        std::string name = var.substr(prefix.size());
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::optional<std::string> value;
        if (eq != std::string::npos && eq + 1 < entry.size()) value = entry.substr(eq + 1);
        auto err = consumer_->setopt(name, value);
        if (err && *err != "Invalid option name") error("ignoring " + var + ": " + *err);
    }
}

std::optional<int> Driver::apply_flag_options() {
    for (const SetoptRequest& r : option_requests(line_)) {
        auto err = consumer_->setopt(r.name, r.value);
        if (err) {
            error("failed to set " + r.what + ": " + *err);
            return kError;
        }
    }
    return std::nullopt;
}

// DTrace's third pass over the flags: every -c and -p in command-line order, after the options
// (-x setenv) and before compiling, so that $target names the first process.
std::optional<int> Driver::start_processes() {
    for (const Flag& f : line_.flags) {
        if (f.letter == 'c') {
            if (!consumer_->create_process(split_command(f.arg))) return consumer_failure();
        } else if (f.letter == 'p') {
            // strtol's rules, as dtrace(1) reads the pid: decimal, the whole argument.
            errno = 0;
            char* end = nullptr;
            long pid = std::strtol(f.arg.c_str(), &end, 10);
            if (errno != 0 || end == f.arg.c_str() || *end != '\0' || pid < INT32_MIN || pid > INT32_MAX) {
                error("invalid pid: " + f.arg);
                return kError;
            }
            if (!consumer_->grab_process(static_cast<int>(pid))) return consumer_failure();
        }
    }
    return std::nullopt;
}

std::optional<int> Driver::compile_programs() {
    for (const ProgramArg& p : line_.programs) {
        CompileRequest req;
        req.spec = p.spec;
        if (p.spec == ProbeSpec::Script) {
            auto text = read_whole_file(p.text);
            if (!text) {
                error("failed to open " + p.text + ": " + std::strerror(errno));
                return kError;
            }
            req.text = std::move(*text);
            req.source_name = p.text == "-" ? "/dev/stdin" : p.text;
            req.args.push_back(p.text);
        } else {
            req.text = p.text;
            req.source_name = p.text;
            req.args.push_back(line_.argv0);
        }
        // Under -G the operands are the objects to link, not macro arguments (DTrace's g_objv).
        if (!line_.link) req.args.insert(req.args.end(), line_.operands.begin(), line_.operands.end());

        if (line_.dump_tokens) io_.out(consumer_->dump_tokens(req));
        auto program = consumer_->compile(req);
        if (!program) return consumer_failure();
        if (line_.dump_ast) io_.out(consumer_->dump_ast(*program));
        // -S (-x verbose): the annotated BPF of every clause, on stderr as DTrace prints DIF.
        if (consumer_->getopt("verbose")) {
            std::string code = consumer_->disassemble(*program);
            if (code.empty()) return consumer_failure();
            io_.err(code);
        }

        Compiled c{program, "script", req.source_name};
        if (p.spec != ProbeSpec::Script) {
            c.desc = "description";
            // The description: up to the predicate or the actions (a quoted field may hold '/').
            size_t end = 0;
            for (bool quoted = false; end < p.text.size(); ++end) {
                if (p.text[end] == '"') quoted = !quoted;
                if (!quoted && std::strchr("{/;", p.text[end])) break;
            }
            c.name = p.text.substr(0, end);
        }
        compiled_.push_back(std::move(c));
    }
    return std::nullopt;
}

std::optional<int> Driver::open_output_file() {
    if (!line_.output_file) return std::nullopt;
    FILE* f = std::fopen(line_.output_file->c_str(), "a");
    if (!f) {
        error("failed to open output file '" + *line_.output_file + "': " + std::strerror(errno));
        return kError;
    }
    std::setvbuf(f, nullptr, _IOFBF, kOutputBuffer);  // large writes; flushed after each pass
    output_ = std::shared_ptr<FILE>(f, [](FILE* p) { std::fclose(p); });
    return std::nullopt;
}

std::optional<int> Driver::enable_programs() {
    for (Compiled& c : compiled_) {
        ProgramInfo info;
        if (!consumer_->exec(*c.program, &info)) return consumer_failure();
        notice(std::string(c.desc) + " '" + c.name + "' matched " +
               std::to_string(info.matched_probes) + " probe" +
               (info.matched_probes == 1 ? "" : "s"));
        if (line_.verbose) stability_report(c, info);
        matched_ += info.matched_probes;
    }
    return std::nullopt;
}

// -v: the weakest stability attributes of a program's probe descriptions and statements, on
// the traced output, as dtrace(1) reports them once the program is enabled.
void Driver::stability_report(const Compiled& c, const ProgramInfo& info) {
    auto block = [](const char* title, const ProgramInfo::Attributes& a) {
        return std::string("\n\t") + title + "\n\t\tIdentifier Names: " + a.name + "\n\t\tData Semantics:   " +
               a.data + "\n\t\tDependency Class: " + a.dep_class + "\n";
    };
    write_output("\nStability attributes for " + std::string(c.desc) + " " + c.name + ":\n" +
                 block("Minimum Probe Description Attributes", info.desc_attr) +
                 block("Minimum Statement Attributes", info.stmt_attr) + "\n");
}

// -e: every compile-time check (types, probe descriptions, code generation), as DTrace's
// compiler makes them all before -e stops it; nothing is enabled and nothing is printed.
int Driver::check_programs() {
    for (Compiled& c : compiled_) {
        ProgramInfo info;
        if (!consumer_->exec(*c.program, &info)) return consumer_failure();
        if (line_.verbose) stability_report(c, info);
    }
    if (!consumer_->check()) return consumer_failure();
    return 0;
}

// -l: the probes each program's descriptions match, or every probe when there is no program.
// DTrace lists without enabling anything and exits 0 even when a description matched nothing.
int Driver::list() {
    std::vector<Program*> programs;
    for (Compiled& c : compiled_) programs.push_back(c.program.get());
    if (!consumer_->list_probes(programs, line_.verbose > 0)) return consumer_failure();
    return 0;
}

// The name DTrace gives an output derived from a script: the last component of its path with
// ".d" replaced by `suffix`; nullopt when the path does not end in ".d".
std::optional<std::string> derived_name(const std::string& script, const char* suffix) {
    std::string base = script.substr(script.find_last_of('/') + 1);
    if (base.size() < 2 || base.compare(base.size() - 2, 2, ".d") != 0) return std::nullopt;
    return base.substr(0, base.size() - 2) + suffix;
}

// -h: one header for every program, written to -o or to the script's name with ".h".
int Driver::header() {
    if (compiled_.empty()) {
        error("-h requires one or more scripts or enabling options");
        return kUsage;
    }
    std::string file;
    if (line_.output_file) {
        file = *line_.output_file;
    } else {
        if (compiled_.size() > 1) {
            error("-h requires an output file if multiple scripts are specified");
            return kUsage;
        }
        auto name = line_.programs[0].spec == ProbeSpec::Script ? derived_name(line_.programs[0].text, ".h")
                                                                : std::nullopt;
        if (!name) {
            error("-h requires an output file if no scripts are specified");
            return kUsage;
        }
        file = *name;
    }
    std::vector<Program*> programs;
    for (Compiled& c : compiled_) programs.push_back(c.program.get());
    auto text = consumer_->program_header(programs, file);
    if (!text) return consumer_failure();
    FILE* f = std::fopen(file.c_str(), "w");
    if (!f) {
        error("failed to open header file '" + file + "': " + std::strerror(errno));
        return kError;
    }
    bool written = std::fwrite(text->data(), 1, text->size(), f) == text->size();
    int saved = errno;
    if (std::fclose(f) != 0 && written) {
        written = false;
        saved = errno;
    }
    if (!written) {
        error("failed to create header file " + file + ": " + std::strerror(saved));
        return kError;
    }
    return 0;
}

// -G: the semaphore object of each program (named as DTrace names it), or of them all in the
// -o file.
int Driver::link() {
    if (compiled_.empty()) {
        error("-G requires one or more scripts or enabling options");
        return kUsage;
    }
    auto what = [](const Compiled& c) { return std::string(c.desc) + " " + c.name; };
    if (line_.output_file) {
        std::vector<Program*> programs;
        for (Compiled& c : compiled_) programs.push_back(c.program.get());
        if (!consumer_->program_link(programs, what(compiled_[0]), *line_.output_file, line_.operands))
            return consumer_failure();
        return 0;
    }
    for (size_t i = 0; i < compiled_.size(); ++i) {
        const ProgramArg& p = line_.programs[i];
        auto file = p.spec == ProbeSpec::Script ? derived_name(p.text, ".o") : std::nullopt;
        std::string shown = what(compiled_[i]);
        // DTrace cuts the ".d" off the script's name in place to make the object's name, so
        // its message then names the script without it ("failed to link script dir/x: ...").
        if (file && shown.ends_with(".d")) shown.resize(shown.size() - 2);
        if (!file) file = compiled_.size() > 1 ? "d.out." + std::to_string(i) : std::string("d.out");
        if (!consumer_->program_link({compiled_[i].program.get()}, shown, *file, line_.operands))
            return consumer_failure();
    }
    return 0;
}

// The tracing loop of cmd/dtrace.c: the first SIGINT/SIGTERM stops tracing (END fires) and the
// loop drains what is left; a second one gives up at once. When the program calls exit(),
// work() reports Done on its own. A blank line ends the output, as DTrace prints one, and the
// ^C that interrupts tracing gets one of its own (quiet or not, as DTrace prints one).
int Driver::trace() {
    // Handlers first: BEGIN runs inside go(), and raise() there may signal dtrace itself.
    InterruptHandlers handlers(io_.handle_signals);
    g_interrupts.store(0);
    if (!consumer_->go()) return consumer_failure();
    if (consumer_->getopt("destructive")) notice("allowing destructive actions");
    // -c commands run now that tracing is attached, after what BEGIN printed.
    if (io_.flush) io_.flush();
    if (output_) std::fflush(output_.get());
    consumer_->continue_processes();
    // Start-up's freed memory, kept for reuse while it ran (main.cpp), goes back now, and
    // from here on the allocator hands memory back as it does by default (glibc's 128 KiB).
    malloc_trim(0);
    mallopt(M_MMAP_THRESHOLD, 128 << 10);
    mallopt(M_TRIM_THRESHOLD, 128 << 10);

    // -x oformat=json: every line is a JSON object, so DTrace's blank lines are left out.
    auto oformat = consumer_->getopt("oformat");
    const bool structured = oformat && *oformat == "json";
    bool stopped = false;
    for (;;) {
        int interrupts = g_interrupts.load();
        if (interrupts > 1) break;  // impatient: no END, no final output
        if (interrupts == 1 && !stopped) {
            if (!structured) consumer_->write_output("\n");  // DTrace's g_newline: even when quiet
            stopped = true;
            if (!consumer_->stop()) return consumer_failure();
        }
        // Output goes out after each pass of the consumer, as dtrace(1) flushes after each
        // dtrace_work(): records come in batches, so these are large writes.
        WorkStatus status = consumer_->work();
        // As dtrace(1)'s loop flushes its output after each pass: a reader of a pipe sees each
        // record when it is consumed.
        if (io_.flush) io_.flush();
        if (output_) std::fflush(output_.get());
        else if (io_.flush) io_.flush();
        if (status == WorkStatus::Done) break;
        if (status == WorkStatus::Error) {
            if (g_interrupts.load() > 1) break;
            error("processing aborted: " + consumer_->last_error());
            return kError;
        }
    }
    // After exit(), END fires and its output comes before the closing newline, as DTrace
    // stops tracing in the same pass that notices the exit.
    if (g_interrupts.load() <= 1 && !stopped && !consumer_->stop()) return consumer_failure();
    if (!structured) consumer_->write_output("\n");
    if (g_interrupts.load() <= 1) consumer_->print_aggregations();  // not when impatient
    return consumer_->exit_status().value_or(0);
}

int Driver::run() {
    if (line_.help) {
        io_.out(help_text(line_.program_name));
        return 0;
    }
    if (line_.version) {
        io_.out(line_.program_name + ": " + kVersionString + "\n");
        if (line_.verbose) io_.out(std::string("This is ") + kToolVersion + "\n");
        return 0;
    }
    if (auto flag = first_unsupported_flag(line_)) {
        error(*flag + " is not yet supported");
        return kUsage;
    }

    open_consumer();
    apply_environment_options();
    if (auto status = apply_flag_options()) return *status;
    if (auto status = start_processes()) return *status;
    if (auto status = compile_programs()) return *status;
    if (line_.header) return header();  // -h and -G only compile: nothing is enabled
    if (line_.link) return link();
    if (auto status = open_output_file()) return *status;
    if (line_.list) return list();  // before -e: DTrace's list mode wins
    if (line_.compile_only) return check_programs();
    if (auto status = enable_programs()) return *status;
    if (matched_ == 0 && !consumer_->getopt("zdefs")) {
        error(compiled_.empty() ? "no probes specified" : "no probes matched");
        return kError;
    }
    return trace();
}

}  // namespace

int run(const CommandLine& line, const DriverIo& io) { return Driver(line, io).run(); }

}  // namespace bdtrace::cli
