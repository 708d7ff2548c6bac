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
TEST(Render, LineMarkerFileName) {
    // After a `# N "file"` marker DTrace names the file: "\"file\", line N: ".
    bdtrace::Diagnostic d{bdtrace::Severity::Error, "D_SYNTAX", {{0, 43, 1}, {0, 43, 2}}, "syntax error near \";\""};
    bdtrace::RenderContext rc;
    rc.source_name = "x.d";
    rc.errtags = true;
    rc.file_tag = "other.d";
    EXPECT_EQ(bdtrace::render_diagnostic(d, rc),
              "dtrace: failed to compile script x.d: [D_SYNTAX] \"other.d\", line 43: syntax error near \";\"");
    // Text from the command line has no lines: DTrace prints line 0 with a file name.
    rc.kind = bdtrace::SourceKind::Description;
    rc.source_name = "BEGIN";
    EXPECT_EQ(bdtrace::render_diagnostic(d, rc),
              "dtrace: invalid probe specifier BEGIN: [D_SYNTAX] \"other.d\", line 0: syntax error near \";\"");
}
