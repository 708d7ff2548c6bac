#include "output/listing.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace bdtrace::output {

namespace {

// Appends `s` right-aligned in `width` columns, cut to what DTrace's field of `limit` bytes
// (with its NUL) holds.
void append_field(std::string& out, std::string_view s, size_t width, size_t limit) {
    if (s.size() > limit - 1) s = s.substr(0, limit - 1);
    if (s.size() < width) out.append(width - s.size(), ' ');
    out.append(s);
}

void append_attribute(std::string& out, const char* title, probes::Attribute a) {
    out += "\n\t";
    out += title;
    out += "\n\t\tIdentifier Names: ";
    out += probes::stability_name(a.name);
    out += "\n\t\tData Semantics:   ";
    out += probes::stability_name(a.data);
    out += "\n\t\tDependency Class: ";
    out += probes::class_name(a.dep);
    out += "\n";
}

}  // namespace

std::string list_heading() {
    return "   ID   PROVIDER            MODULE                          FUNCTION NAME\n";
}

void append_list_row(std::string& out, const probes::Probe& p) {
    const size_t* lim = probes::kProbeFieldLimits;
    char id[16];
    std::snprintf(id, sizeof id, "%5u ", p.id);
    out += id;
    append_field(out, p.provider, 10, lim[0]);
    out += ' ';
    append_field(out, p.module, 17, lim[1]);
    out += ' ';
    append_field(out, p.function, 33, lim[2]);
    out += ' ';
    std::string_view name = p.name;
    out.append(name.substr(0, std::min(name.size(), lim[3] - 1)));
    out += '\n';
}

void append_probe_info(std::string& out, const probes::ProbeInfo& info) {
    append_attribute(out, "Probe Description Attributes", info.attr);
    append_attribute(out, "Argument Attributes", info.args);
    out += "\n\tArgument Types\n";
    for (size_t i = 0; i < info.arg_types.size(); ++i) {
        out += "\t\targs[" + std::to_string(i) + "]: " + info.arg_types[i];
        // The parameter's name, as C declares it ("int dfd", "const char *filename").
        if (i < info.arg_names.size() && !info.arg_names[i].empty()) {
            if (info.arg_types[i].empty() || info.arg_types[i].back() != '*') out += ' ';
            out += info.arg_names[i];
        }
        out += "\n";
    }
    if (info.arg_types.empty()) out += "\t\tNone\n";
    // USDT probes: where each call site is and where its arguments are (sys/sdt.h's specs).
    if (!info.usdt_sites.empty()) {
        out += "\n\tCall Sites\n";
        for (const auto& s : info.usdt_sites) out += "\t\t" + s + "\n";
    }
    // pid probes: where each uprobe goes and how the kernel handles the instruction there.
    if (!info.uprobe_sites.empty()) {
        out += "\n\tUprobe Sites\n";
        for (const auto& s : info.uprobe_sites) out += "\t\t" + s + "\n";
    }
    // Probes this kernel would not get a uprobe for (a 5-byte NOP inside a function).
    if (!info.skipped.empty()) {
        out += "\n\tNot Attached\n";
        for (const auto& s : info.skipped) out += "\t\t" + s + "\n";
    }
    out += "\n";
}

}  // namespace bdtrace::output
