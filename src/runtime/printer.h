// The consumer's record printer: turns each ring-buffer record into DTrace's text, using the
// record descriptions codegen produced and the output engine (src/output/).
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "codegen/program_set.h"
#include "formats/printf_format.h"
#include "output/json.h"
#include "output/probe_line.h"
#include "runtime/aggregations.h"
#include "runtime/speculations.h"
#include "output/printf_render.h"
#include "process/kernel_symbols.h"
#include "process/unwind.h"
#include "process/user_symbols.h"

namespace bdtrace::runtime {

struct PrinterOptions {
    bool quiet = false;
    bool testing = false;   // _DTRACE_TESTING: no CPU and ID columns
    bool flowindent = false;
    bool rawbytes = false;
    bool noresolve = false;  // -x noresolve: user addresses as module:0xoffset, unnamed
    std::string program_name = "dtrace";
    // $target (-c/-p), 0 without: %A names an integer that carries no process (an aggregation
    // key) in its address space, as DTrace's pfprint_uaddr does.
    uint64_t target = 0;
    AggPrintOptions agg;
};

class RecordPrinter {
public:
    RecordPrinter(const codegen::ProgramSet& ps, PrinterOptions opts,
                  std::function<void(std::string_view)> out, std::function<void(std::string_view)> err);

    // printa(): how the printer reads the aggregations' current values.
    std::function<std::vector<AggRow>()> snapshot;
    // Called about every millisecond while a system() command runs, when set: the consumer's
    // watches are served meanwhile (a program the command starts waits for its probes).
    std::function<void()> while_command_runs;
    // clear() and trunc(): how the printer changes an aggregation (id, entries kept, is trunc);
    // returns the keys trunc() removed.
    std::function<std::vector<std::vector<uint8_t>>(uint32_t, int64_t, bool)> modify;
    // setopt(): sets a dynamic option and returns the options now in force, or DTrace's reason
    // for refusing it.
    std::function<std::variant<PrinterOptions, std::string>(const std::string&, const std::string&)> setopt;
    // Aggregations printa() has printed: they are not printed again at exit.
    const std::set<uint32_t>& printed_aggregations() const { return printed_aggs_; }
    // What printing aggregations at exit needs: the options in force and normalize()'s divisors.
    const PrinterOptions& options() const { return opts_; }
    const AggNormals& normals() const { return normals_; }
    const output::FormatContext& format_context() const { return fctx_; }
    // The processes' address spaces the printer names user addresses with (remember() a
    // process while it runs, so that its addresses still have names after it exits).
    process::UserSymbols& user_symbols() { return usyms_; }

    // One record from the ring buffer.
    void handle(const void* data, size_t size);
    // Output: to the file freopen() named, else to the consumer's output.
    void write(std::string_view text);
    // ftruncate() when freopen() has not redirected the output: empties the output file.
    std::function<void()> truncate;
    // Prints the record held back for its successor (-F), when there is one.
    void flush();

    // exit(n) was recorded: tracing should stop, and dtrace exits with n.
    std::optional<int> exit_status() const { return exit_status_; }
    bool printed_anything() const { return printed_; }
    uint64_t errors() const { return errors_; }
    // Held speculative records and the ids' cleaner (see speculations.h).
    Speculations& speculations() { return spec_; }

private:
    void dispatch(const uint8_t* rec, size_t size, const output::FiringDesc* next);
    void print(const uint8_t* rec, size_t size, const codegen::abi::RecordHeader& h, const codegen::Epid& e,
               const output::FiringDesc* next = nullptr);
    // The firing a record describes (probe, epid, CPU), for the flow marks of -F.
    std::optional<output::FiringDesc> firing_of(const uint8_t* rec, size_t size) const;
    void fault(const uint8_t* rec, size_t size);
    void aggregation_action(const codegen::ActionRecord& a, const codegen::Epid& e, const uint8_t* rec,
                            size_t size, std::string& text);
    std::string probe_error_prefix(const codegen::Epid& e) const;
    // freopen(): the output from now on goes to the file the format names ("." : back to the
    // original output); a file that cannot be opened is an error on the probe, as in DTrace.
    void freopen_action(const codegen::ActionRecord& a, const codegen::Epid& e, const uint8_t* rec, size_t size,
                        std::string& text);
    const formats::CompiledFormat* format_for(const std::string& fmt);

    const codegen::ProgramSet& ps_;
    PrinterOptions opts_;
    std::function<void(std::string_view)> out_, err_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> redirect_{nullptr, &std::fclose};  // freopen()
    output::ProbeLinePrinter lines_;
    // -F: DTrace decides a firing's flow mark knowing the next record (a return probe with more
    // clauses to come unindents only with the last), so each record waits for the next.
    std::vector<uint8_t> deferred_;
    std::map<std::string, formats::CompiledFormat> formats_;
    process::KernelSymbols ksyms_;
    process::UserSymbols usyms_;
    process::ModuleCfi cfi_{usyms_};  // unwinds ustack() records (declared after usyms_)
    output::FormatContext fctx_;
    std::optional<int> exit_status_;
    std::set<uint32_t> printed_aggs_;
    AggNormals normals_;
    std::vector<output::JsonRecord> json_;  // -x oformat=json: the firing's records
    std::string json_after_;                // and the aggregation lines its printa() made
    bool printed_ = false;
    uint64_t errors_ = 0;
    Speculations spec_;
};

}  // namespace bdtrace::runtime
