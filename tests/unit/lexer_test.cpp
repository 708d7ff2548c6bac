#include <gtest/gtest.h>

#include "frontend/lexer.h"
#include "parse_helpers.h"

using bdtrace::test::parse;
using bdtrace::test::tokens;

namespace {

bdtrace::frontend::ParseOptions with_args(std::vector<std::string> args) {
    bdtrace::frontend::ParseOptions o;
    o.args = std::move(args);
    o.macros = {{"pid", 1234}, {"target", 0}, {"uid", 0}};
    return o;
}

}  // namespace

TEST(Lexer, ProbeSpecifierIsOneTokenAtProgramScope) {
    EXPECT_EQ(tokens("syscall::read:entry{}"),
              "1:1 ProbeSpec \"syscall::read:entry\"\n1:20 LBrace \"{\"\n1:21 RBrace \"}\"\n");
    // Names with '-', '.', globs and classes stay whole.
    EXPECT_NE(tokens("fbt:ext4:foo.isra.0:entry,pid*:lib[a-z]?:*:re-turn {}")
                  .find("ProbeSpec \"pid*:lib[a-z]?:*:re-turn\""),
              std::string::npos);
}

TEST(Lexer, DeclarationKeywordsAtProgramScope) {
    std::string t = tokens("int*x;");
    EXPECT_NE(t.find("1:1 KwInt \"int\"\n1:4 Star"), std::string::npos) << t;
}

TEST(Lexer, IntegerConstants) {
    std::string t = tokens("BEGIN{x=0x1fUL+017+42ull+'A'+'ab';}");
    EXPECT_NE(t.find("Int \"0x1fUL\" value=31"), std::string::npos) << t;
    EXPECT_NE(t.find("Int \"017\" value=15"), std::string::npos);
    EXPECT_NE(t.find("Int \"42ull\" value=42"), std::string::npos);
    EXPECT_NE(t.find("Int \"'A'\" value=65"), std::string::npos);
    EXPECT_NE(t.find("Int \"'ab'\" value=24930"), std::string::npos);
}

TEST(Lexer, FloatConstantsAreLongestMatch) {
    std::string t = tokens("BEGIN{x=1.5e3+2f+.5+1e5;}");
    EXPECT_NE(t.find("Float \"1.5e3\""), std::string::npos) << t;
    EXPECT_NE(t.find("Float \"2f\""), std::string::npos);
    EXPECT_NE(t.find("Float \".5\""), std::string::npos);
    EXPECT_NE(t.find("Float \"1e5\""), std::string::npos);
}

TEST(Lexer, StringEscapes) {
    std::string t = tokens("BEGIN{x=\"a\\tb\\n\\101\\x42\\\\\\\"\";}");
    EXPECT_NE(t.find("value=\"a\\tb\\nAB\\\\\\\"\""), std::string::npos) << t;
}

TEST(Lexer, Errors) {
    EXPECT_EQ(parse("BEGIN{x=08;}").error, "D_INT_DIGIT line 1: constant 08 contains invalid digit 8");
    EXPECT_EQ(parse("BEGIN{x=99999999999999999999;}").error,
              "D_INT_OFLOW line 1: constant 99999999999999999999 results in integer overflow");
    EXPECT_EQ(parse("BEGIN{x=\"abc\n\";}").error, "D_STR_NL line 1: newline encountered in string literal");
    EXPECT_EQ(parse("BEGIN{x='';}").error, "D_CHR_NULL line 1: empty character constant");
    EXPECT_EQ(parse("BEGIN{x='abcdefghi';}").error, "D_CHR_OFLOW line 1: character constant is too long");
    EXPECT_EQ(parse("BEGIN{x='a\n';}").error,
              "D_CHR_NL line 1: newline encountered in character constant");
    EXPECT_EQ(parse("/* a\n/* b */").error, "D_SYNTAX line 2: /* encountered inside a comment");
    EXPECT_EQ(parse("BEGIN{}\n/* open").error,
              "D_SYNTAX line 2: end-of-file encountered before matching */");
    EXPECT_EQ(parse("BEGIN{x = 1;)}").error, "D_SYNTAX line 1: extra ) in input stream");
    EXPECT_EQ(parse("BEGIN{x = a];}").error, "D_SYNTAX line 1: extra ] in input stream");
    EXPECT_EQ(parse("BEGIN{x = #1;}").error, "D_SYNTAX line 1: syntax error near \"#\"");
    EXPECT_EQ(parse("BEGIN /(x/ {}").error,
              "D_SYNTAX line 1: closing ) expected in predicate before /");
    EXPECT_EQ(parse("BEGIN /a[x/ {}").error,
              "D_SYNTAX line 1: closing ] expected in predicate before /");
}

TEST(Lexer, DoubleSlashIsNotAComment) {
    EXPECT_EQ(parse("BEGIN { x = 1; // no\n}").error, "D_SYNTAX line 1: syntax error near \"/\"");
}

TEST(Lexer, InterpreterLineIsIgnored) {
    EXPECT_EQ(parse("#!/usr/sbin/dtrace -s\nBEGIN {}").error, "");
}

TEST(Lexer, MacroArguments) {
    auto o = with_args({"s.d", "foo", "12", "-3", "a b", "\"q\""});
    std::string t = tokens("BEGIN{x=$1+$2+$3;y=$4;z=$5;w=$$2;}", o);
    EXPECT_NE(t.find("Ident \"$1\""), std::string::npos) << t;
    EXPECT_NE(t.find("Int \"$2\" value=12"), std::string::npos);
    EXPECT_NE(t.find("Int \"$3\" value=18446744073709551613"), std::string::npos);
    EXPECT_NE(t.find("String \"$4\" value=\"a b\""), std::string::npos);
    EXPECT_NE(t.find("String \"$5\" value=\"q\""), std::string::npos);
    EXPECT_NE(t.find("String \"$$2\" value=\"12\""), std::string::npos);
    EXPECT_EQ(parse("BEGIN{x=$9;}", o).error, "D_MACRO_UNDEF line 1: macro argument $9 is not defined");
    o.defaultargs = true;
    t = tokens("BEGIN{x=$9;y=$$9;}", o);
    EXPECT_NE(t.find("Int \"$9\" value=0"), std::string::npos) << t;
    EXPECT_NE(t.find("String \"$$9\" value=\"\""), std::string::npos);
}

TEST(Lexer, MacroVariables) {
    auto o = with_args({"s.d"});
    std::string t = tokens("BEGIN{x=$pid;y=$$pid;}", o);
    EXPECT_NE(t.find("Int \"$pid\" value=1234"), std::string::npos) << t;
    EXPECT_NE(t.find("String \"$$pid\" value=\"1234\""), std::string::npos);
    EXPECT_EQ(parse("BEGIN{x=$nosuch;}", o).error,
              "D_MACRO_UNDEF line 1: macro variable $nosuch is not defined");
}

TEST(Lexer, ModuleScopedIdentifiers) {
    std::string t = tokens("BEGIN{x=`max_pfn+vmlinux`jiffies+linux.ko`sym;}");
    EXPECT_NE(t.find("Ident \"`max_pfn\""), std::string::npos) << t;
    EXPECT_NE(t.find("Ident \"vmlinux`jiffies\""), std::string::npos);
    EXPECT_NE(t.find("Ident \"linux.ko`sym\""), std::string::npos);
}

TEST(ControlLines, Pragmas) {
    std::vector<std::pair<std::string, std::optional<std::string>>> seen;
    bdtrace::frontend::ParseOptions o;
    o.on_option = [&](const std::string& n, const std::optional<std::string>& v) {
        seen.emplace_back(n, v);
        return n == "bogus" ? std::string("Invalid option name") : std::string();
    };
    EXPECT_EQ(parse("#pragma D option quiet\n#pragma D option bufsize=4m\nBEGIN{}", o).error, "");
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[1].first, "bufsize");
    EXPECT_EQ(*seen[1].second, "4m");
    EXPECT_EQ(parse("BEGIN{}\n#pragma D option bogus\n", o).error,
              "D_PRAGMA_OPTSET line 2: failed to set option 'bogus': Invalid option name");
    EXPECT_EQ(parse("#pragma D option a b\n", o).error,
              "D_PRAGMA_MALFORM line 1: superfluous arguments specified for #pragma option");
    EXPECT_EQ(parse("#pragma D nosuch\n").error, "D_PRAGMA_INVAL line 1: invalid D pragma: nosuch");
    EXPECT_EQ(parse("#bogus\n").error, "D_PRAGCTL_INVAL line 1: invalid control directive: #bogus");
    EXPECT_EQ(parse("#pragma weak foo\nBEGIN{}").error, "");
    EXPECT_EQ(parse("#pragma D error \"stop here\"\n").error, "D_PRAGERR line 1: #error: stop here ");
    EXPECT_EQ(parse("#pragma D attributes Bogus/Stable/Common x\n").error,
              "D_PRAGMA_INVAL line 1: invalid attributes specified by #pragma attributes");
    EXPECT_EQ(parse("#pragma D binding \"1.x\" foo\n").error,
              "D_PRAGMA_INVAL line 1: invalid version string specified by #pragma binding");
    EXPECT_EQ(parse("#pragma D depends_on library x.d\n").error,
              "D_PRAGMA_DEPEND line 1: main program may not explicitly depend on a library");
    EXPECT_EQ(parse("#pragma D option quiet").error,
              "D_SYNTAX line 1: end-of-file encountered before end of control line");
}

TEST(ControlLines, LineMarkersRenumber) {
    EXPECT_EQ(parse("# 40 \"x.d\"\nBEGIN { x = ; }\n").error, "D_SYNTAX line 40: syntax error near \";\"");
}

TEST(Lexer, NulBytesAreErrorsNotHangs) {
    bdtrace::frontend::ParseOptions o;
    o.command_line = true;
    EXPECT_EQ(parse(std::string("BEGIN\0", 6), o).error, std::string("D_SYNTAX line 1: syntax error near \"") + '\0' + "\"");
    EXPECT_NE(parse(std::string("#pragma D op\0tion x\nBEGIN{}", 27)).error, "");
}
