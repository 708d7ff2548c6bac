// What dtrace(1) prints around the data of each probe firing (dtrace.c: chew, chewrec; the
// flow indentation of dt_consume.c: dt_flowindent):
//  - once, before the first firing: "CPU     ID                    FUNCTION:NAME" (without
//    -q), or "CPU FUNCTION" padded to 45 columns with -F (even with -q);
//  - per firing: "%3d %6d %32s " with cpu, probe id and "function:name", or with -F the cpu
//    and the function indented two columns per open entry behind " -> ", " <- " (" => ", " <= "
//    for syscall probes) or "| " with "function:name", left-aligned in 41 columns; a return
//    with no open entry of its provider and function (a return site shared with another
//    function, such as libc's mempcpy jumping into memmove's body, or an entry the kernel
//    refused) prints at the current indentation instead of unindenting, so the later lines
//    stay true (DTrace unindents there and drifts);
//  - after the firing's data: a newline, unless quiet;
//  - at exit: one more newline, quiet or not (and one when ^C stops tracing, except in testing
//    mode).
// Testing mode (_DTRACE_TESTING in the environment) drops the CPU and ID columns, since they
// vary from run to run.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

namespace bdtrace::output {

struct ProbeLineOptions {
    bool quiet = false;
    bool flowindent = false;
    bool testing = false;
};

struct FiringDesc {
    int cpu = 0;
    uint32_t probe_id = 0;
    uint32_t epid = 0;  // the enabled probe: one per clause of a probe
    std::string_view provider;
    std::string_view function;
    std::string_view name;
};

enum class FlowKind { None, Entry, Return };

// Whether a probe name means a function entry or return for -F: "entry" / "return", or a name
// ending in "-entry" / "-return" ("method-entry"), but not "carpentry".
FlowKind flow_kind(std::string_view probe_name);

class ProbeLinePrinter {
  public:
    explicit ProbeLinePrinter(ProbeLineOptions options = {}) : opts_(options) {}

    // setopt() may turn quiet and flowindent on or off while tracing.
    void set_quiet(bool q) { opts_.quiet = q; }
    void set_flowindent(bool f) { opts_.flowindent = f; }
    const ProbeLineOptions& options() const { return opts_; }

    // The text before a firing's data: the heading the first time, then the probe columns.
    // next, when the runtime knows it, is the firing that follows in the same buffer: a return
    // probe whose next firing is another clause of the same probe does not unindent yet
    // (illumos looks ahead; Oracle's DTrace for Linux does not, so pass nullptr for that).
    std::string begin(const FiringDesc& firing, const FiringDesc* next = nullptr);
    // The text after a firing's data: a newline unless quiet.
    std::string end() const { return opts_.quiet ? std::string() : std::string("\n"); }

    int indent() const { return indent_; }

  private:
    std::string heading() const;
    static std::string flow_key(const FiringDesc& f);
    // Closes the innermost open entry of f's provider and function; false when none is open.
    bool close_entry(const FiringDesc& f);

    ProbeLineOptions opts_;
    bool heading_done_ = false;
    int indent_ = 0;
    // -F: the open entries, innermost last, as provider and function (bounded: the oldest go).
    std::deque<std::string> open_;
    bool have_last_ = false;
    uint32_t last_epid_ = 0;
    uint32_t last_probe_id_ = 0;
};

// The newline dtrace prints when tracing ends, in every mode.
inline std::string exit_newline() {
    return "\n";
}
// The newline dtrace prints on the first ^C, to tidy the terminal; none in testing mode.
inline std::string interrupt_newline(bool testing) {
    return testing ? "" : "\n";
}

}  // namespace bdtrace::output
