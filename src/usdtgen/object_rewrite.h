// dtrace -G over the objects named after the script: the probe sites of DTrace's own
// sys/sdt.h (calls of __dtrace_<prov>___<name>, probe_sites.h) are rewritten in place into
// SystemTap-style sites, each described by a .note.stapsdt note as SystemTap's sys/sdt.h would
// have written it, so that the USDT machinery that reads those notes traces them; the relocation
// that patched the call becomes an R_X86_64_NONE against no symbol and the function's symbol
// is defined as an absolute, weak and hidden 0, so that nothing is left to resolve.
// Running -G again over a rewritten object finds nothing left to do and does not write it.
//
// Is-enabled calls (__dtraceenabled_<prov>___<name>) stay: the -G object defines that function
// (elf_object.h) as a read of the probe's semaphore, which the kernel raises while the probe
// is traced. Objects built with SystemTap's sys/sdt.h have neither call and are not written.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "usdtgen/model.h"

namespace bdtrace::usdtgen {

struct EnabledFunction {
    std::string symbol;     // __dtraceenabled_<prov>___<name>
    std::string semaphore;  // what it reads: <prov>_<name>_semaphore
};

struct RewriteOutcome {
    size_t sites = 0;  // probe calls rewritten
    std::vector<EnabledFunction> enabled;  // is-enabled functions the object calls
};

// Rewrites `path` (an x86-64 relocatable object; anything else is left alone) for the
// providers the script defines. Returns DTrace's words on failure ("no such provider x",
// "no such probe y", "an error was encountered while processing x.o"); the file is then left
// as it was.
std::optional<std::string> rewrite_object(const std::string& path,
                                          const std::vector<UsdtProvider>& providers,
                                          RewriteOutcome& out);

}  // namespace bdtrace::usdtgen
