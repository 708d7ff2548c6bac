// C spellings of vmlinux BTF types, for the argument types `dtrace -lv` lists.
#pragma once

#include <cstdint>
#include <string>

struct btf;

namespace bdtrace::probes {

// "const char *", "struct task_struct *", "unsigned long" (GCC's "long unsigned int" respelled).
std::string btf_spell(const struct btf* b, uint32_t id);

}  // namespace bdtrace::probes
