#include <gtest/gtest.h>
#include "diag/render.h"
TEST(Render, ScriptLine) {
    bdtrace::Diagnostic d{bdtrace::Severity::Error, "D_SYNTAX", {{0, 3, 1}, {0, 3, 2}}, "syntax error near \"}\""};
    bdtrace::RenderContext rc;
    rc.source_name = "x.d";
    EXPECT_EQ(bdtrace::render_diagnostic(d, rc), "dtrace: failed to compile script x.d: line 3: syntax error near \"}\"");
    rc.errtags = true;
    EXPECT_EQ(bdtrace::render_diagnostic(d, rc), "dtrace: failed to compile script x.d: [D_SYNTAX] line 3: syntax error near \"}\"");
}
