// Kernel types imported on demand from the running kernel's BTF (/sys/kernel/btf/vmlinux),
// read through libbpf's BTF API from its one owner, kbtf::Vmlinux (the consumer's). Reading the
// file needs no privilege.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sema/types.h"

struct btf;

namespace bdtrace::kbtf {
class Vmlinux;
}

namespace bdtrace::sema {

class BtfSource {
public:
    // Kernel types from `vmlinux` (parsed now if it was not yet). Null with `err` set when the
    // file is missing or unreadable.
    static std::unique_ptr<BtfSource> over(std::shared_ptr<const kbtf::Vmlinux> vmlinux,
                                           std::string* err);
    // The same over a BTF file of its own (tests; default: the running kernel's).
    static std::unique_ptr<BtfSource> load(std::string* err,
                                           const std::string& path = "/sys/kernel/btf/vmlinux");
    ~BtfSource();

    const Type* typedef_named(TypeTable& types, const std::string& name);
    const Type* tag_named(TypeTable& types, TypeKind kind, const std::string& name);
    const Type* by_id(TypeTable& types, int id);
    // The type of a kernel variable (vmlinux BTF describes the per-CPU ones), or null.
    const Type* variable_type(TypeTable& types, const std::string& name);
    // The BTF id of a named entity of a BTF kind (BTF_KIND_*), or -1.
    int find(const std::string& name, int btf_kind) const;
    const struct btf* raw() const { return btf_; }

private:
    BtfSource(std::shared_ptr<const kbtf::Vmlinux> owner, const struct btf* b);
    void index();
    const Type* convert(TypeTable& types, int id);

    std::shared_ptr<const kbtf::Vmlinux> owner_;
    const struct btf* btf_;
    // name -> ids (typedefs, tags, funcs); the names point into the BTF's own string section.
    std::unordered_multimap<std::string_view, int> names_;
    std::unordered_map<int, const Type*> converted_;
};

}  // namespace bdtrace::sema
