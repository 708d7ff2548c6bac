// The -l listing's columns and the -v blocks (cmd/dtrace.c: list_probe, print_probe_info).
#include <gtest/gtest.h>

#include <cstdio>

#include "output/listing.h"

using namespace bdtrace;
using probes::Attribute;
using probes::DepClass;
using probes::Stability;

namespace {

probes::Probe probe(uint32_t id, std::string prov, std::string mod, std::string func, std::string name) {
    probes::Probe p;
    p.id = id;
    p.provider = std::move(prov);
    p.module = std::move(mod);
    p.function = std::move(func);
    p.name = std::move(name);
    return p;
}

std::string row(const probes::Probe& p) {
    std::string s;
    output::append_list_row(s, p);
    return s;
}

// DTrace's own format, to compare with when no field is too long.
std::string printf_row(const probes::Probe& p) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%5u %10s %17s %33s %s\n", p.id, p.provider.c_str(), p.module.c_str(),
                  p.function.c_str(), p.name.c_str());
    return buf;
}

}  // namespace

TEST(Listing, Heading) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
    EXPECT_EQ(output::list_heading(), buf);
    EXPECT_EQ(output::list_heading(), "   ID   PROVIDER            MODULE                          FUNCTION NAME\n");
}

TEST(Listing, RowsRightAligned) {
    EXPECT_EQ(row(probe(1, "dtrace", "", "", "BEGIN")),
              "    1     dtrace                                                     BEGIN\n");
    auto p = probe(70213, "pid4242", "libc.so.6", "malloc", "entry");
    EXPECT_EQ(row(p), "70213    pid4242         libc.so.6                            malloc entry\n");
    EXPECT_EQ(row(p), printf_row(p));
}

TEST(Listing, LongFieldsPushTheRowRight) {
    // Widths are minimums, as with printf: a wide id or a long field shifts what follows.
    auto p = probe(123456, "pid1234567890", "libverylongname.so.1", "a_function_name_longer_than_33_columns",
                   "entry");
    EXPECT_EQ(row(p), printf_row(p));
    EXPECT_EQ(row(p), "123456 pid1234567890 libverylongname.so.1 a_function_name_longer_than_33_columns entry\n");
}

TEST(Listing, FieldsCutWhereDTracesDescriptionCutsThem) {
    std::string func(200, 'f');
    std::string mod(80, 'm');
    std::string name(70, 'n');
    auto p = probe(5, "pid1", mod, func, name);
    EXPECT_EQ(row(p), "    5       pid1 " + std::string(63, 'm') + " " + std::string(127, 'f') + " " +
                          std::string(63, 'n') + "\n");
}

TEST(Listing, VerboseBlock) {
    probes::ProbeInfo info;
    info.attr = {Stability::Stable, Stability::Stable, DepClass::Common};
    info.args = {Stability::Private, Stability::Private, DepClass::Unknown};
    std::string s;
    output::append_probe_info(s, info);
    EXPECT_EQ(s,
              "\n\tProbe Description Attributes\n"
              "\t\tIdentifier Names: Stable\n"
              "\t\tData Semantics:   Stable\n"
              "\t\tDependency Class: Common\n"
              "\n\tArgument Attributes\n"
              "\t\tIdentifier Names: Private\n"
              "\t\tData Semantics:   Private\n"
              "\t\tDependency Class: Unknown\n"
              "\n\tArgument Types\n"
              "\t\tNone\n"
              "\n");
}

TEST(Listing, VerboseArgumentTypes) {
    probes::ProbeInfo info;
    info.attr = {Stability::Evolving, Stability::Evolving, DepClass::Isa};
    info.args = {Stability::Evolving, Stability::Evolving, DepClass::Isa};
    info.arg_types = {"int", "struct file *"};
    std::string s;
    output::append_probe_info(s, info);
    EXPECT_NE(s.find("\t\tDependency Class: ISA\n"), std::string::npos);
    EXPECT_NE(s.find("\n\tArgument Types\n\t\targs[0]: int\n\t\targs[1]: struct file *\n\n"), std::string::npos);
    EXPECT_EQ(s.find("None"), std::string::npos);
}

TEST(Listing, VerboseArgumentNames) {
    probes::ProbeInfo info;
    info.arg_types = {"int", "const char *", "umode_t"};
    info.arg_names = {"dfd", "filename", "mode"};
    std::string s;
    output::append_probe_info(s, info);
    EXPECT_NE(s.find("\t\targs[0]: int dfd\n\t\targs[1]: const char *filename\n\t\targs[2]: umode_t mode\n"),
              std::string::npos)
        << s;
}

TEST(Stability, MinimumPerComponent) {
    Attribute a{Stability::Stable, Stability::Private, DepClass::Common};
    Attribute b{Stability::Evolving, Stability::Stable, DepClass::Isa};
    Attribute m = probes::attr_min(a, b);
    EXPECT_EQ(m.name, Stability::Evolving);
    EXPECT_EQ(m.data, Stability::Private);
    EXPECT_EQ(m.dep, DepClass::Isa);
    EXPECT_STREQ(probes::stability_name(Stability::Internal), "Internal");
    EXPECT_STREQ(probes::stability_name(Stability::Standard), "Standard");
    EXPECT_STREQ(probes::class_name(DepClass::Cpu), "CPU");
    EXPECT_STREQ(probes::class_name(DepClass::Platform), "Platform");
}
