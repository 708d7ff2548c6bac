// Subroutine lowering is a table keyed by sema's subroutine ids (codegen/gen_subr_table.h), filled
// by the group files: every id sema makes has an entry, so that a new subroutine without a
// lowering is caught here rather than by a D program at run time.
#include <gtest/gtest.h>

#include "codegen/gen_subr_table.h"
#include "sema/typed.h"

using namespace bdtrace;

TEST(SubrTable, EveryIdHasALowering) {
    for (size_t i = 0; i < sema::kSubrCount; ++i)
        EXPECT_NE(codegen::subr_lowering(static_cast<sema::Subr>(i)), nullptr)
            << "sema::Subr #" << i;
}

TEST(SubrTable, GroupsListDisjointIds) {
    size_t entries = 0;
    for (auto group : {codegen::string_subr_entries, codegen::memory_subr_entries,
                       codegen::speculation_subr_entries, codegen::ustack_subr_entries})
        entries += group().size();
    EXPECT_EQ(entries, sema::kSubrCount);
}
