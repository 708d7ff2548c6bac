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

TEST(Lexer, FloatingPointConstantsAreRejected) {
    // DTrace matches its floating-point pattern only to reject it, when it is longer than
    // the integer pattern's match.
    const char* msg = "D_SYNTAX line 2: floating-point constants are not permitted";
    for (const char* c : {"1.5", "1.5e3", "2f", ".5", "1e5", "3e+2", "10."})
        EXPECT_EQ(parse(std::string("BEGIN{\nx=") + c + ";}").error, msg) << c;
    // On a tie the integer wins; an exponent needs digits.
    std::string t = tokens("BEGIN{x=10l+0x1e5;}");
    EXPECT_NE(t.find("Int \"10l\" value=10"), std::string::npos) << t;
    EXPECT_NE(t.find("Int \"0x1e5\" value=485"), std::string::npos) << t;
    EXPECT_EQ(parse("BEGIN{x=1e;}").error, "D_SYNTAX line 1: syntax error near \"e\"");
    // At program scope there is no floating-point pattern: 1.5 is the probe id 1, then ".5".
    EXPECT_EQ(parse("1.5 {}").error,
              "D_SYNTAX line 1: expected predicate and/or actions following probe description");
}

TEST(Lexer, StringEscapes) {
    std::string t = tokens("BEGIN{x=\"a\\tb\\n\\101\\x42\\\\\\\"\";}");
    EXPECT_NE(t.find("value=\"a\\tb\\nAB\\\\\\\"\""), std::string::npos) << t;
}

TEST(Lexer, Errors) {
    EXPECT_EQ(parse("BEGIN{x=08;}").error, "D_INT_DIGIT line 1: constant 08 contains invalid digit 8");
    EXPECT_EQ(parse("BEGIN{x=99999999999999999999;}").error,
              "D_INT_OFLOW line 1: constant 99999999999999999999 results in integer overflow");
    // The newline is part of the pattern that reports it: DTrace is on the next line.
    EXPECT_EQ(parse("BEGIN{x=\"abc\n\";}").error, "D_STR_NL line 2: newline encountered in string literal");
    EXPECT_EQ(parse("BEGIN{x='';}").error, "D_CHR_NULL line 1: empty character constant");
    EXPECT_EQ(parse("BEGIN{x='abcdefghi';}").error, "D_CHR_OFLOW line 1: character constant is too long");
    EXPECT_EQ(parse("BEGIN{x='a\n';}").error,
              "D_CHR_NL line 2: newline encountered in character constant");
    // A quote no pattern can close is a token of its own, and an invalid one.
    EXPECT_EQ(parse("BEGIN{\nx=\"abc").error, "D_SYNTAX line 2: syntax error near \"\"\"");
    EXPECT_EQ(parse("BEGIN{\nx='a").error, "D_SYNTAX line 2: syntax error near \"'\"");
    EXPECT_EQ(parse("BEGIN{\nx=\"a\\\nb\";}").error, "D_SYNTAX line 2: syntax error near \"\"\"");
    EXPECT_EQ(parse("/* a\n/* b */").error, "D_SYNTAX line 2: /* encountered inside a comment");
    EXPECT_EQ(parse("BEGIN{}\n/* open").error,
              "D_SYNTAX line 2: end-of-file encountered before matching */");
    EXPECT_EQ(parse("BEGIN{x = 1;)}").error, "D_SYNTAX line 1: extra ) in input stream");
    EXPECT_EQ(parse("BEGIN{x = a];}").error, "D_SYNTAX line 1: extra ] in input stream");
    EXPECT_EQ(parse("BEGIN{x = #1;}").error, "D_SYNTAX line 1: syntax error near \"#\"");
    EXPECT_EQ(parse("BEGIN /(x/ {}").error,
              "D_SYNTAX line 1: closing ) expected in predicate before /");
    // DTrace has read ahead to the character that ends the predicate.
    EXPECT_EQ(parse("BEGIN /(x/\n\n{}").error,
              "D_SYNTAX line 3: closing ) expected in predicate before /");
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
    // #line counts its own newline once more than a bare # N does.
    EXPECT_EQ(parse("#line 40\nBEGIN { x = ; }\n").error, "D_SYNTAX line 41: syntax error near \";\"");
    EXPECT_EQ(parse("#pragma line 40 \"x.d\" 1 3\nBEGIN { x = ; }\n").error,
              "D_SYNTAX line 41: syntax error near \";\"");
    // Errors in a bare # N line are reported on the line after it.
    EXPECT_EQ(parse("# 40 lt_x\nBEGIN {}\n").error,
              "D_PRAGMA_MALFORM line 2: malformed #line <line> [ [\"file\"] state ]");
    EXPECT_EQ(parse("#line lt_x\nBEGIN {}\n").error,
              "D_PRAGMA_MALFORM line 1: malformed #line <line> [ [\"file\"] state ]");
}

TEST(ControlLines, LineMarkersNameFiles) {
    auto tags = [](const std::string& text, bdtrace::frontend::ParseOptions o = {}) {
        bdtrace::frontend::SourceBuffer src("main.d", text);
        bdtrace::DiagnosticList diags;
        auto r = bdtrace::frontend::parse_program(src, o, diags);
        std::string out;
        for (const auto& t : r.file_tags) out += std::to_string(t.offset) + ":" + t.file + ";";
        return out;
    };
    EXPECT_EQ(tags("# 3 \"a.d\"\n# 9\n#line 1 \"b.d\"\nBEGIN{}"), "10:a.d;28:b.d;");
    // cpp's markers for the script itself (DTrace's /dev/fd/N) lead back to no file name.
    bdtrace::frontend::ParseOptions o;
    o.main_file = "main.d";
    EXPECT_EQ(tags("# 1 \"a.h\"\n# 5 \"main.d\"\n# 7 \"/dev/fd/3\"\nBEGIN{}", o),
              "10:a.h;23:;39:;");
    std::vector<bdtrace::frontend::FileTagMark> marks = {{10, "a.d"}, {20, ""}};
    EXPECT_EQ(bdtrace::frontend::file_tag_at(marks, 9), "");
    EXPECT_EQ(bdtrace::frontend::file_tag_at(marks, 15), "a.d");
    EXPECT_EQ(bdtrace::frontend::file_tag_at(marks, 25), "");
}

TEST(ControlLines, Words) {
    // A string first: raised before DTrace steps back onto the control line.
    EXPECT_EQ(parse("\n# \"x\"\nBEGIN{}").error, "D_PRAGCTL_INVAL line 3: invalid control directive");
    // Integers in control lines are checked as integer constants are.
    EXPECT_EQ(parse("#line 08\n").error, "D_INT_DIGIT line 1: constant 08 contains invalid digit 8");
    EXPECT_EQ(parse("#line 99999999999999999999\n").error,
              "D_INT_OFLOW line 1: constant 99999999999999999999 results in integer overflow");
    EXPECT_EQ(parse("#line 9223372036854775808\n").error,
              "D_INT_OFLOW line 1: integer constant 0x8000000000000000 cannot be represented in "
              "any built-in integral type");
    EXPECT_EQ(parse("#pragma D error \"a\nb\"\n").error,
              "D_STR_NL line 2: newline encountered in string literal");
    EXPECT_EQ(parse("#pragma D error \"ab").error, "D_SYNTAX line 1: syntax error near \"\"\"");
}

TEST(ControlLines, DefaultargsPragmaAppliesToTheRest) {
    EXPECT_EQ(parse("BEGIN{x=$3;}\n#pragma D option defaultargs\n").error,
              "D_MACRO_UNDEF line 1: macro argument $3 is not defined");
    EXPECT_EQ(parse("#pragma D option defaultargs\nBEGIN{x=$3;y=$$4;}\n").error, "");
}

TEST(Lexer, NulBytesAreErrorsNotHangs) {
    bdtrace::frontend::ParseOptions o;
    o.command_line = true;
    EXPECT_EQ(parse(std::string("BEGIN\0", 6), o).error, std::string("D_SYNTAX line 1: syntax error near \"") + '\0' + "\"");
    EXPECT_NE(parse(std::string("#pragma D op\0tion x\nBEGIN{}", 27)).error, "");
}
