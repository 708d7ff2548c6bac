// dtrace -h: the C header of a program's providers. The macros keep DTrace's names
// (PROVIDER_PROBE(arg0, ...) and PROVIDER_PROBE_ENABLED()) and the layout of DTrace's generated
// headers, but expand to sys/sdt.h probes with semaphores, as SystemTap's dtrace does on
// Linux: each probe site becomes a .note.stapsdt note, and _ENABLED() reads the semaphore
// (an unsigned short in section .probes) that tracers increment while the probe is traced.
#pragma once

#include <string>
#include <vector>

#include "usdtgen/model.h"

namespace bdtrace::usdtgen {

// The header's text. `file_name` is the output path: its last component, in DTrace's macro
// spelling, names the include guard (none when empty).
std::string header_text(const std::vector<UsdtProvider>& providers, const std::string& file_name);

}  // namespace bdtrace::usdtgen
