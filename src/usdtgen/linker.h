// The last step of -G as DTrace takes it (dtrace_program_link): the object made here goes
// through the linker that -x ldpath names, as `LD -o FILE -r INPUT` run by the shell. A linker
// that cannot run, or fails, fails the link in DTrace's words; its own messages (the shell's
// "not found") reach stderr as they do under DTrace.
#pragma once

#include <optional>
#include <string>

namespace bdtrace::usdtgen {

// Replaces `file`, an object this stage wrote, by the linker's `-r` output of it. Returns
// DTrace's message on failure ("failed to link x.o: /bad/ld exited with status 127"); `file`
// is then gone, as it is when DTrace's linker fails.
std::optional<std::string> relink(const std::string& ld_path, const std::string& file);

}  // namespace bdtrace::usdtgen
