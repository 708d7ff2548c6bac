// The running kernel's BTF for unit tests: one owner for the test binary, as the consumer has
// one (btf/vmlinux.h).
#pragma once

#include "btf/vmlinux.h"

namespace bdtrace::test {

inline const kbtf::Vmlinux& vmlinux() {
    static const kbtf::Vmlinux v;
    return v;
}

}  // namespace bdtrace::test
