// The type names D knows before any kernel type is loaded.
#include <string>
#include <string_view>

#include "frontend/parse.h"

namespace bdtrace::frontend {

namespace {

constexpr std::string_view kBuiltinTypedefs[] = {
    "int8_t",   "int16_t",  "int32_t",  "int64_t",     "uint8_t",      "uint16_t",
    "uint32_t", "uint64_t", "intptr_t", "uintptr_t",   "size_t",       "ssize_t",
    "ptrdiff_t", "uchar_t", "ushort_t", "uint_t",      "ulong_t",      "u_longlong_t",
    "longlong_t", "id_t",   "pid_t",    "uid_t",       "gid_t",        "caddr_t",
    "off_t",    "time_t",   "dev_t",    "ino_t",       "mode_t",       "processorid_t",
    "zoneid_t", "taskid_t", "projid_t", "hrtime_t",    "major_t",      "minor_t",
};

}  // namespace

bool is_builtin_type_name(const std::string& name) {
    for (auto t : kBuiltinTypedefs)
        if (t == name) return true;
    return false;
}

}  // namespace bdtrace::frontend
