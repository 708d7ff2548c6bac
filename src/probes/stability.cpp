#include "probes/stability.h"

#include <algorithm>

namespace bdtrace::probes {

Attribute attr_min(Attribute a, Attribute b) {
    return {std::min(a.name, b.name), std::min(a.data, b.data), std::min(a.dep, b.dep)};
}

const char* stability_name(Stability s) {
    static const char* const kNames[] = {"Internal", "Private",  "Obsolete", "External",
                                         "Unstable", "Evolving", "Stable",   "Standard"};
    return kNames[static_cast<size_t>(s)];
}

const char* class_name(DepClass c) {
    static const char* const kNames[] = {"Unknown", "CPU", "Platform", "Group", "ISA", "Common"};
    return kNames[static_cast<size_t>(c)];
}

}  // namespace bdtrace::probes
