// The subroutine table (gen_subr_table.h): the groups' entries by sema::Subr id.
#include "codegen/gen_subr_table.h"

#include <array>
#include <cstdlib>

namespace bdtrace::codegen {

namespace {

using Table = std::array<SubrLowering, sema::kSubrCount>;

Table build() {
    Table t{};
    for (auto group : {string_subr_entries, memory_subr_entries, speculation_subr_entries,
                       ustack_subr_entries}) {
        for (const SubrEntry& e : group()) {
            auto i = static_cast<size_t>(e.subr);
            if (i >= t.size() || t[i])
                std::abort();  // an id out of range or lowered twice: a programming error
            t[i] = e.lower;
        }
    }
    return t;
}

}  // namespace

SubrLowering subr_lowering(sema::Subr s) {
    static const Table table = build();
    auto i = static_cast<size_t>(s);
    return i < table.size() ? table[i] : nullptr;
}

}  // namespace bdtrace::codegen
