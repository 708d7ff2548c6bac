// dtrace -l: the probe listing (cmd/dtrace.c: list_probe, print_probe_info).
//  - a heading, once: "%5s %10s %17s %33s %s" of ID PROVIDER MODULE FUNCTION NAME;
//  - one row per probe in the same columns, the id right-aligned. The widths are minimums: a
//    longer field pushes the rest of its row right. Fields are cut where DTrace's probe
//    description cuts them (its fixed-size fields: 63 characters, 127 for the function);
//  - with -v, after each row: the attributes the probe's description earns, the provider's
//    argument attributes, and the argument types ("args[N]: type", or "None"), as blocks
//    indented by tabs and surrounded by blank lines.
#pragma once

#include <cstdint>
#include <string>

#include "probes/probe.h"

namespace bdtrace::output {

std::string list_heading();
// Appends the probe's row.
void append_list_row(std::string& out, const probes::Probe& p);
// Appends the -v block that follows a row.
void append_probe_info(std::string& out, const probes::ProbeInfo& info);

}  // namespace bdtrace::output
