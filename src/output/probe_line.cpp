#include "output/probe_line.h"

#include "output/cformat.h"

namespace bdtrace::output {
namespace {

bool names_end_in(std::string_view name, std::string_view word) {
    if (name == word) return true;
    return name.size() > word.size() && name.ends_with(word) &&
           name[name.size() - word.size() - 1] == '-';
}

// Entries a run may leave open (functions that never return, longjmp) are forgotten past this.
constexpr size_t kMaxOpen = 4096;

}  // namespace

std::string ProbeLinePrinter::flow_key(const FiringDesc& f) {
    std::string key(f.provider);
    key += ':';
    key += f.function;
    return key;
}

bool ProbeLinePrinter::close_entry(const FiringDesc& f) {
    std::string key = flow_key(f);
    for (auto it = open_.rbegin(); it != open_.rend(); ++it)
        if (*it == key) {
            open_.erase(std::next(it).base());
            return true;
        }
    return false;
}

FlowKind flow_kind(std::string_view name) {
    if (names_end_in(name, "entry")) return FlowKind::Entry;
    if (names_end_in(name, "return")) return FlowKind::Return;
    return FlowKind::None;
}

std::string ProbeLinePrinter::heading() const {
    if (!opts_.flowindent) {
        if (opts_.quiet) return {};
        if (opts_.testing) return cformat(std::string("%32s\n"), "FUNCTION:NAME");
        return cformat(std::string("%3s %6s %32s\n"), "CPU", "ID", "FUNCTION:NAME");
    }
    if (opts_.testing) return cformat(std::string("%-41s\n"), "FUNCTION");
    return cformat(std::string("%3s %-41s\n"), "CPU", "FUNCTION");
}

std::string ProbeLinePrinter::begin(const FiringDesc& f, const FiringDesc* next) {
    std::string out;
    if (!heading_done_) {
        out += heading();
        heading_done_ = true;
    }

    if (!opts_.flowindent) {
        if (!opts_.quiet) {
            std::string fn = std::string(f.function) + ":" + std::string(f.name);
            if (opts_.testing)
                out += cformat(std::string("%32s "), fn.c_str());
            else
                out += cformat(std::string("%3d %6d %32s "), f.cpu, static_cast<int>(f.probe_id),
                               fn.c_str());
        }
    } else {
        FlowKind flow = flow_kind(f.name);
        const bool syscall = f.provider == "syscall";
        // A second clause of the probe that just indented must not indent again, and a return
        // whose next clause is still to come unindents only with the last one.
        if (flow == FlowKind::Entry && have_last_ && f.epid != last_epid_ &&
            f.probe_id == last_probe_id_)
            flow = FlowKind::None;
        if (flow == FlowKind::Return && next && next->epid != f.epid &&
            next->probe_id == f.probe_id)
            flow = FlowKind::None;

        const char* prefix = "| ";
        if (flow == FlowKind::Entry) prefix = syscall ? " => " : " -> ";
        if (flow == FlowKind::Return) prefix = syscall ? " <= " : " <- ";
        if (flow == FlowKind::Return && close_entry(f) && indent_ > 0) indent_ -= 2;

        std::string name(static_cast<size_t>(indent_), ' ');
        name += prefix;
        name += f.function;
        if (flow == FlowKind::None) {
            name += ':';
            name += f.name;
        }
        if (opts_.testing)
            out += cformat(std::string("%-41s "), name.c_str());
        else
            out += cformat(std::string("%3d %-41s "), f.cpu, name.c_str());

        if (flow == FlowKind::Entry) {
            indent_ += 2;
            open_.push_back(flow_key(f));
            if (open_.size() > kMaxOpen) open_.pop_front();
        }
    }

    have_last_ = true;
    last_epid_ = f.epid;
    last_probe_id_ = f.probe_id;
    return out;
}

}  // namespace bdtrace::output
