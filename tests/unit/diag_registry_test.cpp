// The registry of DTrace error tags (include/bdtrace/diag_tags.def): each tag declared once,
// each raised somewhere in src/, and each exercised by a test. Tags no test exercises yet are
// listed in tests/diag/untested_tags.txt; the coverage test prints them on every run and fails
// only for a tag that is neither tested nor on that list (a new tag must come with its test).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "bdtrace/diagnostic.h"
#include "diag/render.h"

namespace fs = std::filesystem;
using bdtrace::DiagStage;
using bdtrace::Tag;

namespace {

const fs::path kTests = BDTRACE_TEST_DIR;
const fs::path kRoot = kTests.parent_path();

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Tags named in the files under `dir` whose names end with one of `exts` (all files when
// empty), as the pattern's first group finds them.
std::set<std::string> tags_in(const fs::path& dir, const std::regex& pattern, const std::vector<std::string>& exts,
                              const std::set<fs::path>& skip = {}) {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (!e.is_regular_file() || skip.count(e.path())) continue;
        std::string name = e.path().filename().string();
        bool want = exts.empty();
        for (const auto& x : exts) want = want || (name.size() >= x.size() && name.ends_with(x));
        if (!want) continue;
        std::string text = name + "\n" + read_file(e.path());
        for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it)
            out.insert((*it)[1].str());
    }
    return out;
}

}  // namespace

TEST(DiagRegistry, TagsAreDeclaredOnceWithAStage) {
    std::set<std::string_view> seen;
    ASSERT_FALSE(Tag::all().empty());
    for (const auto& t : Tag::all()) {
        EXPECT_TRUE(t.name.starts_with("D_")) << t.name;
        EXPECT_TRUE(seen.insert(t.name).second) << t.name << " is declared twice";
        EXPECT_NE(t.stage, DiagStage::None) << t.name;
        EXPECT_FALSE(t.message.empty()) << t.name;
        EXPECT_STRNE(bdtrace::stage_name(t.stage), "?") << t.name;
    }
}

TEST(DiagRegistry, LookupByName) {
    Tag syntax = "D_SYNTAX";
    EXPECT_EQ(syntax.name(), "D_SYNTAX");
    EXPECT_EQ(syntax.stage(), DiagStage::Frontend);
    EXPECT_TRUE(syntax == "D_SYNTAX");
    EXPECT_FALSE(syntax == "D_EMPTY");
    auto found = Tag::find("D_PROTO_ARG");
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->stage(), DiagStage::Sema);
    EXPECT_FALSE(Tag::find("D_NO_SUCH_TAG").has_value());
    EXPECT_TRUE(Tag().empty());
    EXPECT_EQ(Tag().name(), "");
}

TEST(DiagRegistry, DiagnosticsCarryTheirTag) {
    bdtrace::DiagnosticList diags;
    diags.error("D_EMPTY", {}, "empty D program translation unit");
    ASSERT_EQ(diags.items().size(), 1u);
    EXPECT_TRUE(diags.items()[0].tag == "D_EMPTY");
    bdtrace::RenderContext rc;
    rc.errtags = true;
    rc.source_name = "x.d";
    EXPECT_EQ(bdtrace::render_diagnostic(diags.items()[0], rc),
              "dtrace: failed to compile script x.d: [D_EMPTY] empty D program translation unit");
}

// Every registered tag is raised by some code: a stale entry is removed with its last use.
TEST(DiagRegistry, EveryTagIsRaisedSomewhere) {
    std::regex literal("\"(D_[A-Z0-9_]+)\"");
    auto raised = tags_in(kRoot / "src", literal, {".cpp", ".h"});
    for (const auto& t : Tag::all())
        EXPECT_TRUE(raised.count(std::string(t.name))) << t.name << " is registered but raised nowhere in src/";
}

// Every registered tag is exercised by a test: an expected error `[D_X]` (lang and e2e
// files), a test named `err.D_X.*`, or an expected "D_X..." string in a unit test.
TEST(DiagRegistry, EveryTagIsTestedOrListed) {
    const fs::path list = kTests / "diag" / "untested_tags.txt";
    std::set<std::string> legacy;
    {
        std::istringstream in(read_file(list));
        std::string line;
        while (std::getline(in, line)) {
            line = line.substr(0, line.find('#'));
            while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
            if (!line.empty()) legacy.insert(line);
        }
    }
    std::regex mention("(?:\\[|err\\.|\")(D_[A-Z0-9_]+)");
    std::set<fs::path> skip = {fs::path(__FILE__), list};
    std::set<std::string> tested = tags_in(kTests, mention, {}, skip);

    std::vector<std::string> untested, fixed;
    for (const auto& t : Tag::all()) {
        std::string name(t.name);
        if (tested.count(name)) {
            if (legacy.count(name)) fixed.push_back(name);
            continue;
        }
        if (legacy.count(name))
            untested.push_back(name);
        else
            ADD_FAILURE() << name << " (" << bdtrace::stage_name(t.stage)
                          << ") is raised by no test: add one (tests/lang/invalid/err." << name
                          << ".NAME.d or an e2e/unit test)";
    }
    std::cout << "[ registry ] " << Tag::all().size() << " tags, " << untested.size()
              << " without a test yet (tests/diag/untested_tags.txt):";
    for (const auto& n : untested) std::cout << " " << n;
    std::cout << "\n";
    if (!fixed.empty()) {
        std::cout << "[ registry ] tested now, remove from tests/diag/untested_tags.txt:";
        for (const auto& n : fixed) std::cout << " " << n;
        std::cout << "\n";
    }
    for (const auto& n : legacy)
        EXPECT_TRUE(Tag::find(n).has_value()) << "tests/diag/untested_tags.txt names " << n << ", which is not registered";
}
