// The -x option table and value rules (libdtrace's dt_options.c behaviour).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "options/options.h"

using namespace bdtrace::options;

namespace {

std::string set_error(OptionSet& s, const char* name, std::optional<std::string_view> value,
                      Origin origin = Origin::CommandLine) {
    auto err = s.set(name, value, origin);
    return err ? *err : std::string("ok");
}

}  // namespace

TEST(OptionValues, Sizes) {
    EXPECT_EQ(parse_size("4m"), 4u << 20);
    EXPECT_EQ(parse_size("4M"), 4u << 20);
    EXPECT_EQ(parse_size("1k"), 1024u);
    EXPECT_EQ(parse_size("2g"), 2ull << 30);
    EXPECT_EQ(parse_size("3T"), 3ull << 40);
    EXPECT_EQ(parse_size("512"), 512u);
    EXPECT_EQ(parse_size("0x10k"), 16u * 1024);
    EXPECT_EQ(parse_size("010"), 8u);  // strtoull base 0: octal
    EXPECT_EQ(parse_size(""), std::nullopt);
    EXPECT_EQ(parse_size("k"), std::nullopt);
    EXPECT_EQ(parse_size("4mb"), std::nullopt);
    EXPECT_EQ(parse_size("-1"), std::nullopt);
    EXPECT_EQ(parse_size("4 m"), std::nullopt);
    EXPECT_EQ(parse_size("09"), std::nullopt);
    EXPECT_EQ(parse_size("99999999999999t"), std::nullopt);  // overflow
}

TEST(OptionValues, Times) {
    EXPECT_EQ(parse_time_ns("10ms"), 10000000u);
    EXPECT_EQ(parse_time_ns("10msec"), 10000000u);
    EXPECT_EQ(parse_time_ns("1s"), 1000000000u);
    EXPECT_EQ(parse_time_ns("3sec"), 3000000000u);
    EXPECT_EQ(parse_time_ns("100us"), 100000u);
    EXPECT_EQ(parse_time_ns("100usec"), 100000u);
    EXPECT_EQ(parse_time_ns("7ns"), 7u);
    EXPECT_EQ(parse_time_ns("7nsec"), 7u);
    EXPECT_EQ(parse_time_ns("2m"), 120000000000u);  // minutes, not milli
    EXPECT_EQ(parse_time_ns("2min"), 120000000000u);
    EXPECT_EQ(parse_time_ns("1h"), 3600000000000u);
    EXPECT_EQ(parse_time_ns("1hour"), 3600000000000u);
    EXPECT_EQ(parse_time_ns("1d"), 86400000000000u);
    EXPECT_EQ(parse_time_ns("1day"), 86400000000000u);
    EXPECT_EQ(parse_time_ns("1hz"), 1000000000u);
    EXPECT_EQ(parse_time_ns("100HZ"), 10000000u);
    EXPECT_EQ(parse_time_ns("5MS"), 5000000u);
    EXPECT_EQ(parse_time_ns("0hz"), 0u);
    EXPECT_EQ(parse_time_ns("5", true), 200000000u);  // profile-5: a rate
    EXPECT_EQ(parse_time_ns("5", false), 5u);         // -x rates: nanoseconds, as dt_opt_rate
    EXPECT_EQ(parse_time_ns("0.5hz"), std::nullopt);
    EXPECT_EQ(parse_time_ns("10x"), std::nullopt);
    EXPECT_EQ(parse_time_ns("hz"), std::nullopt);
    EXPECT_EQ(parse_time_ns("-1s"), std::nullopt);
}

TEST(OptionValues, SwitchWords) {
    EXPECT_EQ(parse_switch_word("yes"), true);
    EXPECT_EQ(parse_switch_word("SeT"), true);
    EXPECT_EQ(parse_switch_word("enabled"), true);
    EXPECT_EQ(parse_switch_word("UnSeT"), false);
    EXPECT_EQ(parse_switch_word("off"), false);
    EXPECT_EQ(parse_switch_word("disable"), false);
    EXPECT_EQ(parse_switch_word("hell no"), std::nullopt);
}

TEST(OptionValues, Versions) {
    EXPECT_EQ(parse_version("1.13"), 0x0100d000u);
    EXPECT_EQ(parse_version("1.2.1"), 0x01002001u);
    EXPECT_EQ(parse_version("1"), 0x01000000u);
    EXPECT_EQ(parse_version("1.x"), std::nullopt);
    EXPECT_EQ(parse_version("1.2.3.4"), std::nullopt);
    EXPECT_EQ(parse_version("256.0"), std::nullopt);
    EXPECT_TRUE(version_defined(*parse_version("1.6.3")));
    EXPECT_TRUE(version_defined(*parse_version("1.0")));
    EXPECT_FALSE(version_defined(*parse_version("1.14")));
    EXPECT_FALSE(version_defined(*parse_version("99.1")));
}

TEST(OptionSet, Defaults) {
    OptionSet s;
    EXPECT_EQ(s.size("bufsize"), 4u << 20);  // per CPU, as in DTrace
    EXPECT_EQ(s.size("aggsize"), 4u << 20);
    EXPECT_EQ(s.size("dynvarsize"), 1u << 20);
    EXPECT_EQ(s.size("specsize"), 32u << 10);
    EXPECT_EQ(s.size("strsize"), 256u);
    EXPECT_EQ(s.size("nspec"), 1u);
    EXPECT_EQ(s.size("stackframes"), 20u);
    EXPECT_EQ(s.size("stackindent"), 14u);
    EXPECT_EQ(s.time_ns("switchrate"), 1000000000u);
    EXPECT_EQ(s.time_ns("cleanrate"), 1000000000u / 101);
    EXPECT_EQ(s.str("bufpolicy"), "switch");
    EXPECT_EQ(s.str("stdc"), "a");
    EXPECT_EQ(s.text("cpppath"), "cpp");
    EXPECT_EQ(s.size("version"), 0x0100d000u);
    EXPECT_FALSE(s.is_set("quiet"));
    EXPECT_FALSE(s.text("quiet").has_value());
    EXPECT_FALSE(s.is_set("cpu"));
    EXPECT_FALSE(s.text("define").has_value());
    EXPECT_TRUE(s.is_set("bufsize"));
}

TEST(OptionSet, Names) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "bogus", std::nullopt), "Invalid option name");
    EXPECT_EQ(set_error(s, "Quiet", std::nullopt), "Invalid option name");
    EXPECT_EQ(set_error(s, "quiet", std::nullopt), "ok");
}

TEST(OptionSet, CompileFlagsRefuseValues) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "cpp", "1"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "errtags", ""), "Invalid value for specified option");
    EXPECT_FALSE(s.is_set("cpp"));
    EXPECT_EQ(set_error(s, "cpp", std::nullopt), "ok");
    EXPECT_TRUE(s.is_set("cpp"));
    EXPECT_EQ(s.text("cpp"), "");
}

TEST(OptionSet, RuntimeFlagsTakeSwitchWords) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "quiet", "YES"), "ok");
    EXPECT_TRUE(s.is_set("quiet"));
    EXPECT_EQ(set_error(s, "quiet", "no"), "ok");
    EXPECT_FALSE(s.is_set("quiet"));
    EXPECT_FALSE(s.text("quiet").has_value());
    EXPECT_EQ(set_error(s, "flowindent", "0"), "ok");  // any number turns it on, even 0
    EXPECT_TRUE(s.is_set("flowindent"));
    EXPECT_EQ(set_error(s, "flowindent", ""), "ok");  // empty: off
    EXPECT_FALSE(s.is_set("flowindent"));
    EXPECT_EQ(set_error(s, "quiet", "hell no"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "destructive", std::nullopt), "ok");
    EXPECT_TRUE(s.is_set("destructive"));
}

TEST(OptionSet, SizesAndTimes) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "bufsize", "2g"), "ok");
    EXPECT_EQ(s.size("bufsize"), 2ull << 30);
    EXPECT_EQ(s.text("bufsize"), "2g");
    EXPECT_EQ(set_error(s, "bufsize", "-1"), "Invalid value for specified option");
    EXPECT_EQ(s.size("bufsize"), 2ull << 30);  // a refused value changes nothing
    EXPECT_EQ(set_error(s, "aggrate", "100us"), "ok");
    EXPECT_EQ(s.time_ns("aggrate"), 100000u);
    EXPECT_EQ(set_error(s, "switchrate", "10hz"), "ok");
    EXPECT_EQ(s.time_ns("switchrate"), 100000000u);
    EXPECT_EQ(set_error(s, "statusrate", "250"), "ok");  // bare: nanoseconds
    EXPECT_EQ(s.time_ns("statusrate"), 250u);
    EXPECT_EQ(set_error(s, "aggrate", "0.5hz"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "lockmem", "unlimited"), "ok");
    EXPECT_EQ(set_error(s, "lockmem", "16m"), "ok");
    EXPECT_EQ(s.size("lockmem"), 16u << 20);
    EXPECT_EQ(set_error(s, "lockmem", "lots"), "Invalid value for specified option");
}

TEST(OptionSet, Integers) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "nspec", "4"), "ok");
    EXPECT_EQ(s.size("nspec"), 4u);
    EXPECT_EQ(set_error(s, "nspec", "0x10"), "ok");
    EXPECT_EQ(s.size("nspec"), 16u);
    EXPECT_EQ(set_error(s, "cpu", "-1"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "cpu", "2"), "ok");
    EXPECT_TRUE(s.is_set("cpu"));
    EXPECT_EQ(set_error(s, "cpu", "no"), "ok");  // run-time scalars can be unset
    EXPECT_FALSE(s.is_set("cpu"));
    EXPECT_EQ(set_error(s, "iregs", "0"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "iregs", "abc"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "iregs", std::nullopt), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "pgmax", "0"), "ok");
}

TEST(OptionSet, Choices) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "stdc", "x"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "stdc", std::nullopt), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "stdc", "s"), "ok");
    EXPECT_EQ(s.str("stdc"), "s");
    EXPECT_EQ(set_error(s, "bufpolicy", "ring"), "ok");
    EXPECT_EQ(set_error(s, "bufpolicy", "Ring"), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "bufresize", "manual"), "ok");
    EXPECT_EQ(set_error(s, "evaltime", "main"), "ok");
    EXPECT_EQ(s.str("evaltime"), "main");
}

TEST(OptionSet, Strings) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "cpppath", std::nullopt), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "cpppath", "/usr/bin/cpp-12"), "ok");
    EXPECT_EQ(s.text("cpppath"), "/usr/bin/cpp-12");
    EXPECT_EQ(s.str("cpppath"), "/usr/bin/cpp-12");
}

TEST(OptionSet, ListsAccumulate) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "define", "A=1"), "ok");
    EXPECT_EQ(set_error(s, "define", "B"), "ok");
    EXPECT_EQ(set_error(s, "incdir", "/x"), "ok");
    EXPECT_EQ(set_error(s, "undef", "C"), "ok");
    EXPECT_EQ(s.text("define"), "A=1\nB");
    EXPECT_EQ(s.list("define"), (std::vector<std::string>{"A=1", "B"}));
    EXPECT_EQ(s.text("incdir"), "/x");
    EXPECT_EQ(s.text("undef"), "C");
    EXPECT_EQ(set_error(s, "define", std::nullopt), "Invalid value for specified option");
    EXPECT_EQ(s.list("define").size(), 2u);
}

TEST(OptionSet, PragmaContext) {
    OptionSet s;
    for (const char* name : {"define", "undef", "incdir", "cpppath", "cppargs", "lockmem"}) {
        EXPECT_EQ(set_error(s, name, "1", Origin::Pragma),
                  "Option cannot be used from within a D program")
            << name;
    }
    EXPECT_EQ(set_error(s, "stdc", "s", Origin::Pragma),
              "Option cannot be used from within a D program");
    EXPECT_EQ(s.str("stdc"), "a");
    EXPECT_EQ(set_error(s, "cpphdrs", std::nullopt, Origin::Pragma),
              "Option cannot be used from within a D program");
    EXPECT_EQ(set_error(s, "quiet", std::nullopt, Origin::Pragma), "ok");
    EXPECT_EQ(set_error(s, "bufsize", "1m", Origin::Pragma), "ok");
    EXPECT_EQ(set_error(s, "define", "X", Origin::CommandLine), "ok");
    EXPECT_EQ(s.text("define"), "X");
}

TEST(OptionSet, Version) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "version", "1.x"), "Version is not properly formatted or is too large");
    EXPECT_EQ(set_error(s, "version", "99.1"), "Requested version is not supported by compiler");
    EXPECT_EQ(set_error(s, "version", std::nullopt), "Invalid value for specified option");
    EXPECT_EQ(set_error(s, "version", "1.5"), "ok");
    EXPECT_EQ(s.size("version"), 0x01005000u);
    EXPECT_EQ(set_error(s, "version", "1.13"), "Requested version conflicts with earlier setting");
    EXPECT_EQ(set_error(s, "version", "1.4.1"), "ok");
}

TEST(OptionSet, InverseFlags) {
    OptionSet s;
    EXPECT_EQ(set_error(s, "knodefs", std::nullopt), "ok");
    EXPECT_TRUE(s.is_set("knodefs"));
    EXPECT_EQ(set_error(s, "kdefs", std::nullopt), "ok");
    EXPECT_FALSE(s.is_set("knodefs"));
    EXPECT_EQ(set_error(s, "unodefs", std::nullopt), "ok");
    EXPECT_EQ(set_error(s, "udefs", std::nullopt), "ok");
    EXPECT_FALSE(s.is_set("unodefs"));
}

TEST(OptionTable, EveryDocumentedOptionIsThere) {
    // Table 5b of the feature inventory, plus Oracle's and FreeBSD's additions we carry.
    const char* expected[] = {
        "aggrate", "aggsize", "bufsize", "bufpolicy", "bufresize", "cleanrate", "cpu",
        "destructive", "dynvarsize", "grabanon", "jstackframes", "jstackstrsize", "nspec",
        "specsize", "stackframes", "ustackframes", "statusrate", "strsize", "temporal", "zone",
        "agghist", "aggpack", "aggzoom", "aggsortkey", "aggsortkeypos", "aggsortpos",
        "aggsortrev", "flowindent", "quiet", "rawbytes", "stackindent", "switchrate",
        "aggpercpu", "amin", "argref", "core", "cpp", "cpppath", "cpphdrs", "define", "undef",
        "incdir", "stdc", "ctypes", "dtypes", "debug", "defaultargs", "droptags", "errtags",
        "empty", "encoding", "evaltime", "iregs", "tregs", "kdefs", "knodefs", "udefs",
        "unodefs", "late", "lazyload", "ldpath", "objcopypath", "libdir", "syslibdir",
        "nolibs", "linkmode", "linktype", "pgmax", "pspec", "setenv", "unsetenv", "strip",
        "tree", "verbose", "version", "zdefs", "bpflog", "bpflogsize", "lockmem", "maxframes",
        "noresolve", "scratchsize", "cppargs", "disasm", "oformat", "modpath", "quietresize", "prometheus",
        "promlabels"};
    for (const char* name : expected) EXPECT_NE(find_option(name), nullptr) << name;
    EXPECT_EQ(option_table().size(), std::size(expected));
}

TEST(OptionTable, EntriesAreConsistent) {
    std::set<std::string> names;
    OptionSet s;
    for (const OptionDef& def : option_table()) {
        EXPECT_TRUE(names.insert(def.name).second) << "duplicate " << def.name;
        EXPECT_NE(std::string(def.help), "") << def.name;
        if (def.type == ValueType::Choice) {
            EXPECT_FALSE(def.choices.empty()) << def.name;
        }
        if (def.default_value && def.type != ValueType::Flag) {
            EXPECT_EQ(s.text(def.name), def.default_value) << def.name;
        }
        if (def.clears) {
            EXPECT_NE(find_option(def.clears), nullptr) << def.name;
        }
    }
}

// The man page documents every option of the table; a new option must be written up there.
TEST(OptionTable, ManPageListsEveryOption) {
    std::ifstream in(std::string(BDTRACE_TEST_DIR) + "/../docs/bdtrace.8");
    ASSERT_TRUE(in.good());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string page = ss.str();
    for (const OptionDef& def : option_table()) {
        std::string entry = ".It Cm " + std::string(def.name);
        bool found = page.find(entry + " ") != std::string::npos ||
                     page.find(entry + "\n") != std::string::npos;
        EXPECT_TRUE(found) << def.name << " missing from bdtrace.8";
    }
}
