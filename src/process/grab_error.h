// Why a process cannot be grabbed (its /proc files read), in the words of libproc's
// Pgrab_error(), which DTrace appends to "failed to grab process N": "no such process",
// "zombie process", "permission denied" (a process whose /proc files the kernel hides even from
// root, such as a VM agent's PID 1), "unanticipated system error".
#pragma once

#include <cstdint>
#include <string>

namespace bdtrace::process {

std::string grab_error_reason(uint64_t pid);

}  // namespace bdtrace::process
