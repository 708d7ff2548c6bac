// The one error type of the kernel boundary. Every failed bpf(), perf_event_open() or libbpf call
// is converted here, once, into: what we were doing, the errno, and one line a user can act on.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace bdtrace::kernel {

// The operation that failed. Messages and classification depend on it (EACCES from the verifier
// is a rejected program, EACCES from perf_event_open is a missing privilege).
enum class Op : uint8_t {
    MapCreate,
    MapLookup,
    MapUpdate,
    MapDelete,
    MapNextKey,
    MapMmap,
    MapFreeze,
    BtfLoad,
    VmlinuxBtf,
    ProgLoad,
    ProgTestRun,
    PerfEventOpen,
    AttachPerfEvent,
    AttachRawTracepoint,
    AttachTracing,
    AttachUprobeMulti,
    RingBufOpen,
    RingBufPoll,
    ReadCpus,
};

std::string_view op_name(Op op);

enum class ErrorKind : uint8_t {
    Failure,      // the request itself is wrong or the kernel refused it: exit status 1
    Privilege,    // missing root / CAP_BPF / CAP_PERFMON: exit status 2
    Unsupported,  // this kernel lacks or forbids the feature: exit status 2
};

struct Error {
    Op op = Op::MapCreate;
    int err = 0;  // the errno (0 when the failure is ours, not the kernel's)
    ErrorKind kind = ErrorKind::Failure;
    std::string message;       // one line, no program-name prefix, no trailing newline
    std::string verifier_log;  // the complete verifier log when op == ProgLoad

    // dtrace(1) exits 1 for errors and 2 for missing privileges or kernel features.
    int exit_status() const { return kind == ErrorKind::Failure ? 1 : 2; }
    bool privilege_or_feature() const { return kind != ErrorKind::Failure; }
    // "bdtrace: need root (CAP_BPF and CAP_PERFMON) to load BPF programs: Operation not permitted"
    std::string render(std::string_view program_name = "bdtrace") const {
        std::string s(program_name);
        s += ": ";
        s += message;
        return s;
    }
};

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
    Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    T* operator->() { return &std::get<0>(v_); }
    const T* operator->() const { return &std::get<0>(v_); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T operator*() && { return std::move(*this).value(); }

    const Error& error() const& { return std::get<1>(v_); }
    Error&& error() && { return std::get<1>(std::move(v_)); }

  private:
    std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;
    Result(Error error) : e_(std::move(error)) {}

    bool ok() const { return !e_.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const& { return *e_; }
    Error&& error() && { return std::move(*e_); }

  private:
    std::optional<Error> e_;
};

// What the classifier needs to know besides the errno. Filled by the real kernel from the
// process's capabilities and sysctls, and by tests directly.
struct ErrorContext {
    std::string subject;        // map or program name, tracepoint, binary path, ...
    bool have_bpf_caps = true;  // CapEff has CAP_BPF+CAP_PERFMON, or CAP_SYS_ADMIN
    std::string verifier_log;   // ProgLoad only
    std::string detail;         // extra words for some messages (e.g. "sample rate 997 Hz")
    bool with_cookie = false;   // AttachRawTracepoint: a cookie was asked for
};

// Turns (operation, errno, context) into an Error with its kind and one-line message. Pure: the
// wording is unit-tested without a kernel.
Error classify(Op op, int err, const ErrorContext& ctx);

// An error that is not an errno from the kernel (bad arguments caught before the syscall).
Error usage_error(Op op, std::string message);

// The line of a verifier log that says why the program was rejected: the last line before the
// "processed N insns" summary that is not an instruction dump.
std::string verifier_reason(std::string_view log);

}  // namespace bdtrace::kernel
