// DTrace's stability attributes: how stable a name or its data is and on what its meaning
// depends. Every provider declares five of them (provider, module, function, name, arguments);
// `dtrace -lv` reports the ones a probe description earns. Orders and names are DTrace's
// (dtrace_stability_t, dtrace_class_t), so that the minimum of two is the weaker one.
#pragma once

#include <cstdint>

namespace bdtrace::probes {

enum class Stability : uint8_t { Internal, Private, Obsolete, External, Unstable, Evolving, Stable, Standard };
enum class DepClass : uint8_t { Unknown, Cpu, Platform, Group, Isa, Common };

struct Attribute {
    Stability name = Stability::Internal;  // stability of the identifier names
    Stability data = Stability::Internal;  // stability of the data semantics
    DepClass dep = DepClass::Unknown;      // dependency class
};

// The attributes a provider registers, one per description field and one for the arguments.
struct ProviderAttributes {
    Attribute provider, module, function, name, args;
};

// Each component on its own: the weaker of the two.
Attribute attr_min(Attribute a, Attribute b);
const char* stability_name(Stability s);
const char* class_name(DepClass c);

}  // namespace bdtrace::probes
