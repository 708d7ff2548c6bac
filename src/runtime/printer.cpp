#include "runtime/printer.h"
#include "runtime/command.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "codegen/abi.h"
#include "output/printf_render.h"
#include "output/json.h"
#include "output/trace_format.h"
#include "output/value.h"
#include "runtime/agg_user_keys.h"
#include "runtime/print_type.h"
#include "runtime/stack_frames.h"
#include "runtime/user_stack.h"

namespace bdtrace::runtime {

using codegen::Field;
using sema::ActionKind;

RecordPrinter::RecordPrinter(const codegen::ProgramSet& ps, PrinterOptions opts,
                             std::function<void(std::string_view)> out,
                             std::function<void(std::string_view)> err)
    : ps_(ps), opts_(std::move(opts)), out_(std::move(out)), err_(std::move(err)),
      lines_(output::ProbeLineOptions{opts_.quiet, opts_.flowindent, opts_.testing}), spec_(ps) {
    fctx_.kernel_addr = [this](uint64_t addr) { return ksyms_.describe(addr); };
    fctx_.user_addr = [this](uint64_t pid, uint64_t addr) {
        return usyms_.describe(pid ? pid : opts_.target, addr);
    };
    using UN = output::FormatContext::UserName;
    fctx_.user_name = [this](UN how, uint64_t pid, uint64_t addr) {
        if (pid == codegen::abi::kKernelSymbolPid) return how == UN::Mod ? ksyms_.mod(addr) : ksyms_.sym(addr);
        if (opts_.noresolve && how != UN::Mod) return usyms_.unresolved(pid, addr);
        switch (how) {
            case UN::Func: return usyms_.usym(pid, addr);
            case UN::Mod: return usyms_.umod(pid, addr);
            case UN::Addr: break;
        }
        return usyms_.uaddr(pid, addr);
    };
    fctx_.user_unwind = [this](uint64_t pid, uint64_t ip, uint64_t sp, uint64_t bp, std::span<const uint8_t> stack,
                               size_t max) {
        process::StackCopy copy{ip, sp, bp, stack};
        process::Unwound u = process::unwind_stack(cfi_, pid, copy, max);
        return std::make_pair(std::move(u.pcs), u.complete);
    };
    fctx_.user_key = [this](UN how, uint64_t pid, uint64_t addr) {
        if (pid == codegen::abi::kKernelSymbolPid)
            return how == UN::Func ? ksyms_.function_start(addr) : how == UN::Mod ? ksyms_.module_start(addr) : addr;
        if (how == UN::Func) return usyms_.function_start(pid, addr);
        if (how == UN::Mod) return usyms_.module_start(pid, addr);
        return addr;
    };
}

namespace {

// One datum of a record. User stacks and symbols are named through `fctx`; a user symbol given
// to printf() stays an address for %A.
output::Value field_value(const Field& f, const uint8_t* rec, size_t size, process::KernelSymbols& ksyms,
                          const output::FormatContext& fctx, bool printf_arg = false) {
    uint32_t held = f.kind == Field::Kind::Int ? 8 : f.kind == Field::Kind::String && f.stored ? f.stored : f.size;
    if (f.offset + held > size) return output::Value::u64(0);
    if (f.kind == Field::Kind::UStack) {
        SharedTail shared;
        if (f.tail && f.tail < size) shared = {rec + f.tail, size - f.tail};
        if (f.depth) return output::Value::integer(user_stack_pcs(f, rec + f.offset, fctx, shared).second.size(), 4, false);
        return user_stack_value(f, rec + f.offset, fctx, shared);
    }
    if (f.kind == Field::Kind::USym)
        return printf_arg ? user_symbol_address(rec + f.offset) : user_symbol_value(f, rec + f.offset, fctx);
    if (f.kind == Field::Kind::Stack)
        return kernel_stack_value(rec + f.offset, f.size, [&](uint64_t pc) { return ksyms.describe(pc); });
    if (f.kind == Field::Kind::Int) {
        uint64_t v;
        std::memcpy(&v, rec + f.offset, 8);
        if (f.is_float) {
            if (f.size == 4) {
                float x;
                uint32_t lo = static_cast<uint32_t>(v);
                std::memcpy(&x, &lo, 4);
                return output::Value::floating(x, 4);
            }
            double d;
            std::memcpy(&d, &v, 8);
            return output::Value::floating(d, 8);
        }
        return output::Value::integer(v, f.size ? f.size : 8, f.is_signed);
    }
    const char* s = reinterpret_cast<const char*>(rec + f.offset);
    if (f.kind == Field::Kind::Bytes) return output::Value::raw(std::string_view(s, f.size));
    size_t n = strnlen(s, held);
    return output::Value::string(std::string_view(s, n), f.size);
}

const char* fault_text(uint32_t fault) {
    switch (fault) {
        case codegen::abi::kFaultBadAddr: return "invalid address";
        case codegen::abi::kFaultBadAlign: return "invalid alignment";
        case codegen::abi::kFaultIllop: return "illegal operation";
        case codegen::abi::kFaultDivZero: return "divide-by-zero";
        case codegen::abi::kFaultNoScratch: return "out of scratch space";
        case codegen::abi::kFaultKPriv: return "invalid kernel access";
        case codegen::abi::kFaultUPriv: return "invalid user access";
        case codegen::abi::kFaultTupOflow: return "tuple stack overflow";
        case codegen::abi::kFaultBadStack: return "bad stack";
        default: return "unknown fault";
    }
}

}  // namespace

const formats::CompiledFormat* RecordPrinter::format_for(const std::string& fmt) {
    auto it = formats_.find(fmt);
    if (it != formats_.end()) return &it->second;
    auto parsed = formats::parse_format(fmt);
    if (!parsed.format) return nullptr;
    return &formats_.emplace(fmt, std::move(*parsed.format)).first->second;
}

void RecordPrinter::fault(const uint8_t* rec, size_t size) {
    codegen::abi::FaultRecord f{};
    std::memcpy(&f, rec, std::min(size, sizeof f));
    ++errors_;
    std::string probe = "?";
    if (f.epid >= 1 && f.epid <= ps_.epids.size()) {
        const auto& e = ps_.epids[f.epid - 1];
        probe = e.provider + ":" + e.module + ":" + e.function + ":" + e.name;
    }
    uint32_t probe_id = f.epid >= 1 && f.epid <= ps_.epids.size() ? ps_.epids[f.epid - 1].probe_id : 0;
    // A fault in an ERROR clause is only counted, as DTrace does (it cannot fire ERROR again).
    if (f.epid >= 1 && f.epid <= ps_.epids.size()) {
        const auto& e = ps_.epids[f.epid - 1];
        if (e.provider == "dtrace" && e.name == "ERROR") {
            err_(opts_.program_name + ": 1 error in ERROR probe enabling\n");
            return;
        }
    }
    std::string msg = opts_.program_name + ": error on enabled probe ID " + std::to_string(f.epid) +
                      " (ID " + std::to_string(probe_id) + ": " + probe + "): " + fault_text(f.fault);

    if (f.fault == codegen::abi::kFaultBadAddr || f.fault == codegen::abi::kFaultBadAlign) {
        char buf[32];
        snprintf(buf, sizeof buf, " (0x%llx)", static_cast<unsigned long long>(f.addr));
        msg += buf;
    }
    if (f.action == 0) msg += " in predicate\n";
    else if (f.offset == codegen::abi::kFaultNoOffset) msg += " in action #" + std::to_string(f.action) + "\n";
    else msg += " in action #" + std::to_string(f.action) + " at DIF offset " + std::to_string(f.offset) + "\n";
    err_(msg);
}

std::string RecordPrinter::probe_error_prefix(const codegen::Epid& e) const {
    return opts_.program_name + ": error on enabled probe ID " + std::to_string(e.epid) + " (ID " +
           std::to_string(e.probe_id) + ": " + e.provider + ":" + e.module + ":" + e.function + ":" + e.name + "): ";
}

// printa(), clear(), trunc(), normalize(), denormalize() and setopt(), done when the consumer
// reaches the record, as DTrace's consumer does them.
void RecordPrinter::aggregation_action(const codegen::ActionRecord& a, const codegen::Epid& e, const uint8_t* rec,
                                       size_t size, std::string& text) {
    auto rows_of = [&](uint32_t id) {
        std::vector<AggRow> rows;
        if (snapshot)
            for (auto& r : snapshot())
                if (r.agg == id) rows.push_back(std::move(r));
        return rows;
    };
    // normalize()'s divisors belong to the keys as printed: ufunc()/umod() keys moved to their
    // start, ustack() keys unwound (agg_user_keys.h).
    auto printed_keys = [&](std::vector<AggRow> rows) {
        std::vector<AggRow> holder;
        std::vector<std::vector<uint8_t>> keys;
        for (const auto& r : merge_user_keys(rows, ps_, fctx_, holder)) keys.push_back(r.key);
        return keys;
    };
    switch (a.kind) {
        case ActionKind::Printa: {
            if (!snapshot || a.aggs.empty()) break;
            auto rows = snapshot();
            const formats::CompiledFormat* fmt = a.format.empty() ? nullptr : format_for(a.format);
            if (!a.format.empty() && !fmt) break;
            bool printed = false;
            if (opts_.agg.json) {
                for (uint32_t id : a.aggs) json_.push_back(output::JsonRecord::printa(ps_.aggregations[id - 1].name.substr(1)));
                json_after_ += json_aggregations(rows, ps_, a.aggs, opts_.agg, normals_, {}, fctx_);
                printed_aggs_.insert(a.aggs.begin(), a.aggs.end());
                break;
            }
            std::string body = format_printa(rows, ps_, a.aggs, fmt, fctx_, opts_.agg, normals_, &printed);
            if (!fmt) text += "\n";  // a format-less printa() starts with a blank line
            text += body;
            if (printed) printed_aggs_.insert(a.aggs.begin(), a.aggs.end());
            break;
        }
        case ActionKind::Clear:
            if (modify) modify(a.aggs.at(0), 0, false);
            break;
        case ActionKind::Trunc:
            if (modify) {
                std::vector<AggRow> gone;
                for (auto& key : modify(a.aggs.at(0), a.keep, true)) gone.push_back({a.aggs.at(0), std::move(key), {}, {}});
                for (const auto& key : printed_keys(std::move(gone))) normals_.erase(key);
            }
            break;
        case ActionKind::Normalize: {
            uint64_t divisor = 1;
            if (!a.fields.empty() && a.fields[0].offset + 8 <= size) std::memcpy(&divisor, rec + a.fields[0].offset, 8);
            for (const auto& key : printed_keys(rows_of(a.aggs.at(0)))) normals_[key] = divisor;
            break;
        }
        case ActionKind::Denormalize:
            for (const auto& key : printed_keys(rows_of(a.aggs.at(0)))) normals_.erase(key);
            break;
        case ActionKind::Setopt: {
            auto text_of = [&](const Field& f) {
                std::string b = field_value(f, rec, size, ksyms_, fctx_).bytes;
                return b.substr(0, b.find('\0'));
            };
            std::string name = a.fields.empty() ? "" : text_of(a.fields[0]);
            std::string value = a.fields.size() > 1 ? text_of(a.fields[1]) : "1";
            if (!setopt) break;
            auto r = setopt(name, value);
            if (auto* err = std::get_if<std::string>(&r)) {
                // DTrace's library error: the reason ends with a newline of its own.
                write(text);
                text.clear();
                err_(probe_error_prefix(e) + "couldn't set option \"" + name + "\" to \"" + value + "\": " + *err + "\n\n");
                break;
            }
            PrinterOptions next = std::get<PrinterOptions>(r);
            next.program_name = opts_.program_name;
            next.testing = opts_.testing;
            lines_.set_quiet(next.quiet);
            lines_.set_flowindent(next.flowindent);
            opts_ = next;
            break;
        }
        default: break;
    }
}

namespace {

// What the probe line and -F need to know of a firing: its CPU and its enabled probe's names.
output::FiringDesc firing_desc(const codegen::abi::RecordHeader& h, const codegen::Epid& e) {
    output::FiringDesc f;
    f.cpu = static_cast<int>(h.cpu);
    f.probe_id = e.probe_id;
    f.epid = e.epid;
    f.provider = e.provider;
    f.function = e.function;
    f.name = e.name;
    return f;
}

}  // namespace

std::optional<output::FiringDesc> RecordPrinter::firing_of(const uint8_t* rec, size_t size) const {
    if (size < codegen::abi::kRecordHeaderSize) return std::nullopt;
    codegen::abi::RecordHeader h;
    std::memcpy(&h, rec, sizeof h);
    if (h.epid == 0 || h.epid > ps_.epids.size()) return std::nullopt;
    return firing_desc(h, ps_.epids[h.epid - 1]);
}

void RecordPrinter::handle(const void* data, size_t size) {
    const uint8_t* rec = static_cast<const uint8_t*>(data);
    if (!opts_.flowindent && deferred_.empty()) return dispatch(rec, size, nullptr);
    if (!deferred_.empty()) {
        std::vector<uint8_t> held = std::exchange(deferred_, {});
        auto next = firing_of(rec, size);
        dispatch(held.data(), held.size(), next ? &*next : nullptr);
    }
    if (opts_.flowindent) deferred_.assign(rec, rec + size);
    else dispatch(rec, size, nullptr);
}

void RecordPrinter::flush() {
    if (deferred_.empty()) return;
    std::vector<uint8_t> held = std::exchange(deferred_, {});
    dispatch(held.data(), held.size(), nullptr);
}

void RecordPrinter::dispatch(const uint8_t* rec, size_t size, const output::FiringDesc* next) {
    if (size < codegen::abi::kRecordHeaderSize) return;
    codegen::abi::RecordHeader h;
    std::memcpy(&h, rec, sizeof h);
    if (h.epid == 0) return fault(rec, size);
    if (h.epid > ps_.epids.size()) return;
    const codegen::Epid& e = ps_.epids[h.epid - 1];
    if (!spec_.used()) return print(rec, size, h, e, next);
    // Speculative records wait for their commit(); committed ones print after the record that
    // committed them.
    Speculations::Routing r = spec_.route(e, rec, size);
    if (r.print) print(rec, size, h, e);
    for (const auto& held : r.committed) {
        codegen::abi::RecordHeader hh;
        std::memcpy(&hh, held.data(), sizeof hh);
        print(held.data(), held.size(), hh, ps_.epids[hh.epid - 1]);
    }
}

// freopen(): DTrace's consumer reopens its output stream on the file the action names, so what
// every later record (and printa()) prints goes there; freopen("") goes back (the compiler made
// it "."). A file that cannot be opened is reported as an error on the enabled probe.
void RecordPrinter::write(std::string_view text) {
    if (text.empty()) return;
    if (!redirect_) {
        out_(text);
        return;
    }
    std::fwrite(text.data(), 1, text.size(), redirect_.get());
    std::fflush(redirect_.get());
}

void RecordPrinter::freopen_action(const codegen::ActionRecord& a, const codegen::Epid& e, const uint8_t* rec,
                                   size_t size, std::string& text) {
    // What this firing printed before the action goes where the output went until now.
    write(text);
    text.clear();
    if (a.format == ".") {
        redirect_.reset();
        return;
    }
    const formats::CompiledFormat* fmt = format_for(a.format);
    if (!fmt) return;
    std::vector<output::Value> args;
    for (const auto& f : a.fields) args.push_back(field_value(f, rec, size, ksyms_, fctx_, true));
    std::string name = output::format_printf(*fmt, args, fctx_).text;
    std::FILE* f = std::fopen(name.c_str(), "a");
    if (!f) {
        int err = errno;
        err_(probe_error_prefix(e) + "couldn't freopen() \"" + name + "\": " + std::strerror(err) + "\n");
        ++errors_;
        return;
    }
    redirect_.reset(f);
}

void RecordPrinter::print(const uint8_t* rec, size_t size, const codegen::abi::RecordHeader& h,
                          const codegen::Epid& e, const output::FiringDesc* next) {

    output::FiringDesc firing = firing_desc(h, e);
    const bool json = opts_.agg.json;
    std::string text = json ? std::string() : lines_.begin(firing, next);
    json_.clear();
    json_after_.clear();
    output::TraceOptions topts;
    topts.quiet = opts_.quiet;  // as it was when the firing began
    topts.rawbytes = opts_.rawbytes;
    for (const auto& a : e.actions) {
        if (!codegen::abi::action_ran(rec, size, a.index)) continue;
        switch (a.kind) {
            case ActionKind::Stack:
            case ActionKind::Trace:
                if (json) json_.push_back(output::JsonRecord::trace(field_value(a.fields[0], rec, size, ksyms_, fctx_)));
                else text += output::format_trace(field_value(a.fields[0], rec, size, ksyms_, fctx_), topts);
                break;
            case ActionKind::Printf: {
                std::vector<output::Value> args;
                uint64_t pid = 0;
                for (const auto& f : a.fields)
                    if (f.is_pid && f.offset + 8 <= size) std::memcpy(&pid, rec + f.offset, 8);
                for (const auto& f : a.fields) {
                    if (f.is_pid) continue;
                    output::Value v = field_value(f, rec, size, ksyms_, fctx_, true);
                    if (pid && v.kind == output::Value::Kind::Integer && !v.pid) v.pid = pid;
                    args.push_back(std::move(v));
                }
                if (const formats::CompiledFormat* fmt = format_for(a.format)) {
                    auto r = output::format_printf(*fmt, args, fctx_);
                    if (json) json_.push_back(output::JsonRecord::printf(r.text));
                    else text += r.text;
                }
                break;
            }
            case ActionKind::Printa:
            case ActionKind::Clear:
            case ActionKind::Trunc:
            case ActionKind::Normalize:
            case ActionKind::Denormalize:
            case ActionKind::Setopt:
                aggregation_action(a, e, rec, size, text);
                break;
            case ActionKind::Tracemem:
            case ActionKind::Printm: {
                const Field& f = a.fields[0];
                if (f.offset + f.size > size) break;
                std::string_view bytes(reinterpret_cast<const char*>(rec + f.offset), f.size);
                if (a.kind == ActionKind::Printm) {
                    text += output::format_rawbytes(bytes);
                    break;
                }
                int64_t dyn = -1;
                if (a.fields.size() > 1 && a.fields[1].offset + 8 <= size) std::memcpy(&dyn, rec + a.fields[1].offset, 8);
                text += output::format_tracemem(bytes, dyn);
                break;
            }
            case ActionKind::System: {
                // Run by the consumer when the record is processed, after the output so far.
                std::vector<output::Value> args;
                for (const auto& f : a.fields) args.push_back(field_value(f, rec, size, ksyms_, fctx_, true));
                const formats::CompiledFormat* fmt = format_for(a.format);
                if (!fmt) break;
                write(text);
                text.clear();
                std::string cmd = output::format_printf(*fmt, args, fctx_).text;
                std::fflush(nullptr);
                (void)run_command(cmd, while_command_runs);
                break;
            }
            case ActionKind::Freopen: freopen_action(a, e, rec, size, text); break;
            case ActionKind::Print: {
                const Field& f = a.fields[0];
                uint32_t n = f.kind == Field::Kind::Int ? 8 : f.size;
                if (!a.print_type || f.offset + n > size) break;
                text += format_print(*a.print_type, std::string_view(reinterpret_cast<const char*>(rec + f.offset), n));
                break;
            }
            case ActionKind::Ftruncate:
                // Empties the output after what this firing printed before (dt_consume.c).
                write(text);
                text.clear();
                if (redirect_) {
                    std::fflush(redirect_.get());
                    if (::ftruncate(fileno(redirect_.get()), 0) == 0) std::rewind(redirect_.get());
                } else if (truncate) {
                    truncate();
                }
                break;
            case ActionKind::Exit: {
                uint64_t v = 0;
                if (!a.fields.empty() && a.fields[0].offset + 8 <= size) std::memcpy(&v, rec + a.fields[0].offset, 8);
                exit_status_ = static_cast<int>(static_cast<int32_t>(v));  // the last one wins
                break;
            }
            default: break;
        }
    }
    printed_ = true;
    if (json) {
        // One line for the firing, then one per aggregation its printa() actions printed.
        output::JsonFiring jf;
        jf.cpu = static_cast<int>(h.cpu);
        jf.id = e.probe_id;
        jf.provider = e.provider;
        jf.module = e.module;
        jf.function = e.function;
        jf.name = e.name;
        jf.records = std::move(json_);
        write(text + output::json_probe_line(jf) + "\n" + json_after_);
        return;
    }
    text += lines_.end();
    write(text);
}

}  // namespace bdtrace::runtime
