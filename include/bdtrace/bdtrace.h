// libbdtrace: the public API. Its lifecycle mirrors libdtrace's:
//
//   auto c = bdtrace::Consumer::open(...);      // dtrace_open
//   c->setopt("quiet", {});                     // dtrace_setopt
//   c->create_process(argv);                    // dtrace_proc_create (-c), or grab_process (-p)
//   auto p = c->compile(text, spec);            // dtrace_program_strcompile / _fcompile
//   c->exec(*p, &info);                         // dtrace_program_exec: load and attach
//   c->go();                                    // dtrace_go: fire BEGIN, start tracing
//   c->continue_processes();                    // dtrace_proc_continue: let -c commands run
//   while (c->work() == WorkStatus::Okay) ...;  // dtrace_work: consume and print
//   c->stop();                                  // dtrace_stop: END, final aggregations
//                                               // ~Consumer: dtrace_close, detach everything
//
// Stages report problems as Diagnostics; the API never prints on its own except through the
// output sinks the caller supplies.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bdtrace/diagnostic.h"

namespace bdtrace {

// The D API version this library speaks, as -V prints it and __SUNW_D_VERSION encodes it.
inline constexpr const char* kVersionString = "Sun D 1.13";
inline constexpr uint32_t kVersionNumber = (1u << 24) | (13u << 12);  // 0xMMmmmuuu
inline constexpr const char* kToolVersion = "bdtrace 0.1.0";

// How a compile request's text is to be read (DTRACE_PROBESPEC_*).
enum class ProbeSpec {
    Script,    // -s: a whole D program file
    Name,      // -n: [[[prov:]mod:]func:]name [[pred] action]
    Function,  // -f
    Module,    // -m
    Provider,  // -P
    Id         // -i: a numeric probe id
};

struct CompileRequest {
    ProbeSpec spec = ProbeSpec::Name;
    std::string text;         // the description text, or the script's contents
    std::string source_name;  // script path as given ("/dev/stdin" for -s -), or the text
    // Macro arguments: [0] is $0, then the operands after the options.
    std::vector<std::string> args;
};

// An opaque compiled program (dtrace_prog_t).
class Program;

// ---- Aggregations as data (dtrace_aggregate_snap and dtrace_aggregate_walk) ----------------

enum class AggregationFunction { Count, Sum, Min, Max, Avg, Stddev, Quantize, Lquantize, Llquantize };

// One element of an aggregation's key, as DTrace's consumer hands it to its walkers.
struct AggregationKey {
    enum class Kind {
        Integer,  // integer: the value (as_signed() when is_signed); also pointers and addresses
        String,   // text: a D string, up to its first NUL
        Bytes,    // text: any other record (char arrays, structs), exactly its bytes
        Stack,    // frames: stack() or ustack(), innermost first, as DTrace prints each frame
                  // ("libc.so.6`pthread_mutex_lock+0x4f", "0x4011a2" where nothing is known)
        Symbol,   // text: sym(), func(), mod(), usym(), ufunc(), umod(), uaddr() as DTrace
                  // prints them
        Float     // floating: a floating-point key
    };
    Kind kind = Kind::Integer;
    uint64_t integer = 0;
    bool is_signed = false;
    uint32_t size = 8;  // Integer: its D type's size in bytes
    double floating = 0;
    std::string text;
    std::vector<std::string> frames;

    int64_t as_signed() const { return static_cast<int64_t>(integer); }
};

// The closed range of values one histogram bucket counts (INT64_MIN and INT64_MAX at the open
// ends) and its count.
struct AggregationBucket {
    int64_t min = 0;
    int64_t max = 0;
    int64_t count = 0;
};

struct AggregationValue {
    // count(), sum(), min(), max(): the value. avg(): the mean as DTrace prints it (integer
    // division); stddev(): the standard deviation as DTrace prints it. Histograms: the sum of
    // the counts.
    int64_t value = 0;
    uint64_t count = 0;  // avg(), stddev(): how many values; histograms: the sum of the counts
    int64_t sum = 0;     // avg(), stddev(): their sum
    std::vector<AggregationBucket> buckets;  // quantize(), lquantize(), llquantize(): every bucket, lowest first
};

struct AggregationEntry {
    std::vector<AggregationKey> keys;
    AggregationValue value;  // merged over the CPUs, not normalized (normalize() changes printing only)
};

struct Aggregation {
    std::string name;  // "@name"; "@_" for the anonymous aggregation @ (D's name for it)
    AggregationFunction function = AggregationFunction::Count;
    // In DTrace's printing order for this aggregation: by value, then key (or as aggsortkey,
    // aggsortkeypos and aggsortrev say).
    std::vector<AggregationEntry> entries;
};

struct ProgramInfo {
    uint32_t matched_probes = 0;  // for "dtrace: description 'X' matched N probes"
    uint32_t enabled_probes = 0;
    // -v: the weakest stability attributes of the program's probe descriptions and of its
    // statements (DTrace's dpi_descattr and dpi_stmtattr), as DTrace names them ("Evolving",
    // "Common").
    struct Attributes {
        std::string name, data, dep_class;
    };
    Attributes desc_attr, stmt_attr;
};

enum class WorkStatus { Okay, Done, Error };

// Where the consumer writes traced output and notices.
struct OutputSinks {
    std::function<void(std::string_view)> out;  // traced data (stdout or -o file)
    std::function<void(std::string_view)> err;  // notices and errors (stderr)
    // ftruncate(): empty the traced-data file (-o); may be empty (nothing to truncate).
    std::function<void()> truncate;
};

struct OpenOptions {
    std::string program_name = "dtrace";  // prefix of every message ("dtrace: ...")
    OutputSinks sinks;
    // _DTRACE_TESTING is set: the output engine omits the CPU and ID columns, as DTrace's own
    // test tooling expects.
    bool testing_output = false;
};

class Consumer {
public:
    static std::unique_ptr<Consumer> open(OpenOptions options);
    ~Consumer();
    Consumer(const Consumer&) = delete;
    Consumer& operator=(const Consumer&) = delete;

    // -x name[=value]. On failure, returns DTrace's reason ("Invalid option name", ...).
    std::optional<std::string> setopt(std::string_view name,
                                      std::optional<std::string_view> value = std::nullopt);
    std::optional<std::string> getopt(std::string_view name) const;

    // Compiles one -n/-P/-m/-f/-i/-s request. Returns null when it failed; the reasons are in
    // diagnostics() and the rendered message in last_error().
    std::shared_ptr<Program> compile(const CompileRequest& request);
    const DiagnosticList& diagnostics() const;
    // The complete DTrace-style line for the last failure (without the program-name prefix),
    // e.g. "failed to compile script x.d: line 3: syntax error near \"}\"".
    const std::string& last_error() const;
    // The exit status dtrace(1) uses for the last failure: 1 for an error in the program or
    // its probes, 2 for a missing privilege or an unsupported feature.
    int failure_status() const;

    // -c: starts argv (argv[0] looked up in PATH, the environment edited by -x setenv and
    // -x unsetenv) held before its first instruction, so that tracing is attached before it
    // runs; continue_processes() lets it go. -p: watches a running process. The first process
    // created or grabbed is $target to the programs compiled afterwards. Returns the pid, or
    // nullopt with last_error() in DTrace's words ("failed to execute nosuch: cannot find
    // executable file", "failed to grab pid 9: no such process"). A created process still
    // running when the consumer goes away is killed, as DTrace kills its own.
    std::optional<int> create_process(const std::vector<std::string>& argv);
    std::optional<int> grab_process(int pid);
    // Lets every created process run; call after go(), once earlier output is flushed.
    void continue_processes();

    // Dumps used by tests and debugging: the tokens and syntax tree of a request.
    std::string dump_tokens(const CompileRequest& request);
    std::string dump_ast(const Program& program) const;

    // Checks a program against the probes and types of this system and enables it (DTrace's
    // dtrace_program_exec). Every enabled program is generated and loaded together by go().
    // Returns false with last_error(). The program must outlive tracing (until stop()).
    bool exec(Program& program, ProgramInfo* info);
    // -l (dtrace_probe_iter, dtrace_probe_info): writes DTrace's probe listing to the output
    // sink: the heading, then the probes each program's descriptions match, description by
    // description in program order (a probe two descriptions match is listed twice); with no
    // program, every probe the providers know, in id order. `verbose` (-v) adds each probe's
    // stability attributes and argument types. The programs are first checked as DTrace
    // compiles them, with descriptions allowed to match nothing (-l implies -Z); a description
    // that matches nothing is reported on the error sink ("failed to match ...") and the
    // listing goes on. Returns false with last_error() when a program does not check; nothing
    // is written then. Nothing is enabled: -c commands stay held and are killed at close.
    bool list_probes(const std::vector<Program*>& programs, bool verbose);
    // -h (dtrace_program_header): the C header for the providers the programs define: one
    // PROVIDER_PROBE(args) and one PROVIDER_PROBE_ENABLED() macro per probe, expanding to
    // sys/sdt.h probes with semaphores. `file_name` (the output path) names the include guard.
    // Nullopt with last_error() when a probe cannot be declared in C.
    std::optional<std::string> program_header(const std::vector<Program*>& programs,
                                              const std::string& file_name);
    // -G (dtrace_program_link): writes `file`, an ELF relocatable object defining the
    // semaphores of the probes the programs define. `objects` (the operands after the
    // scripts, which DTrace rewrites) are checked to be ELF files and left as they are:
    // sys/sdt.h probe sites need no rewriting. The semaphores are hidden unless -D defines
    // STAP_SDT_V1 or STAP_SDT_V2 (SystemTap's rule). The object then goes through the
    // linker -x ldpath names (`ld -r`), as DTrace's does. False with last_error(): "failed
    // to link script x: ..." (`what` names the program as the message does, "script x.d",
    // or "script x" when the object's name was made from x.d).
    bool program_link(const std::vector<Program*>& programs, const std::string& what,
                      const std::string& file, const std::vector<std::string>& objects);
    // The annotated BPF code of a program (-S), without loading it. Empty with last_error()
    // when the program does not check.
    std::string disassemble(Program& program);
    // Every compile-time check of the programs exec()'d so far, as go() makes them (types,
    // probe matching, code generation), without loading anything or needing privileges: what
    // dtrace -e reports. Returns false with last_error().
    bool check();
    bool go();
    // work() also watches the created and grabbed processes: each exit is reported on the
    // error sink as DTrace words it ("dtrace: pid N has exited", unless quiet), and when
    // every one of them has exited, work() returns Done so that the caller stops tracing.
    WorkStatus work();
    bool stop();
    // Prints every aggregation as DTrace does at exit (dtrace_aggregate_print); call after stop().
    void print_aggregations();
    // Text for the output stream where records print: after freopen(), the file it named (as
    // dtrace(1)'s own lines, such as the closing newline, follow the reopened stdout).
    void write_output(std::string_view text);
    // The exit status requested by exit(n) in the program, if any.
    std::optional<int> exit_status() const;

    // dtrace_aggregate_snap + dtrace_aggregate_walk: every aggregation of the enabled programs
    // with its entries, the CPUs' values merged. While tracing (after go()) the kernel's
    // current values; after stop(), the values tracing ended with. Keys that name user code
    // (ustack(), usym() ...) are merged and symbolised as the printed output shows them. Empty
    // before go().
    std::vector<Aggregation> aggregate_snapshot();
    // libproc's Pxlookup_by_addr, as plockstat names locks and callers: a user address of
    // process `pid` as "module`symbol+0xoff" ("module`symbol" at its start), where the symbol
    // is the function or the data object (a global, a static, a .bss variable) holding it;
    // "module`0xaddr" inside a module without a symbol there; "0xaddr" elsewhere. Names stay
    // known after the process has exited if tracing saw it running.
    std::string user_address_name(uint64_t pid, uint64_t address);

    struct Impl;

private:
    explicit Consumer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace bdtrace
