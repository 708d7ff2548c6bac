#include <gtest/gtest.h>

#include "util/glob.h"
#include "probes/probe.h"

using namespace bdtrace::probes;
namespace util = bdtrace::util;

TEST(Glob, DTracePatterns) {
    EXPECT_TRUE(util::glob_match("", "anything"));
    EXPECT_TRUE(util::glob_match("*", ""));
    EXPECT_TRUE(util::glob_match("read*", "readv"));
    EXPECT_FALSE(util::glob_match("read", "readv"));  // anchored
    EXPECT_TRUE(util::glob_match("r?ad", "read"));
    EXPECT_TRUE(util::glob_match("[a-c]x", "bx"));
    EXPECT_FALSE(util::glob_match("[!a-c]x", "bx"));
    EXPECT_TRUE(util::glob_match("[!a-c]x", "dx"));
    EXPECT_TRUE(util::glob_match("a\\*b", "a*b"));
    EXPECT_FALSE(util::glob_match("a\\*b", "axb"));
    EXPECT_TRUE(util::glob_match("*-entry", "function-entry"));
    EXPECT_TRUE(util::has_glob("a*"));
    EXPECT_FALSE(util::has_glob("tick-1s"));
}

TEST(Probes, DtraceProviderIds) {
    Registry r;
    auto begin = r.match({"", "", "", "BEGIN"});
    ASSERT_EQ(begin.size(), 1u);
    EXPECT_EQ(begin[0]->id, 1u);
    EXPECT_EQ(r.match({"dtrace", "", "", "END"})[0]->id, 2u);
    EXPECT_EQ(r.match({"", "", "", "ERROR"})[0]->id, 3u);
    EXPECT_EQ(r.match({"dtrace", "", "", ""}).size(), 3u);
    EXPECT_TRUE(r.match({"", "", "", "BEGINX"}).empty());
}

TEST(Probes, ProfileProbesOnDemand) {
    Registry r;
    auto p = r.match({"profile", "", "", "tick-250ms"});
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0]->kind(), AttachKind::Tick);
    EXPECT_EQ(p[0]->plan_as<ProfilePlan>()->period_ns, 250000000u);
    auto q = r.match({"", "", "", "profile-1234"});
    ASSERT_EQ(q.size(), 1u);
    EXPECT_EQ(q[0]->plan_as<ProfilePlan>()->frequency, 1234u);
    EXPECT_EQ(q[0]->kind(), AttachKind::Profile);
    // The same description names the same probe.
    EXPECT_EQ(r.match({"profile", "", "", "tick-250ms"})[0]->id, p[0]->id);
    EXPECT_TRUE(r.match({"profile", "", "", "tick-0"}).empty());
    EXPECT_TRUE(r.match({"profile", "", "", "tick-5parsecs"}).empty());
    EXPECT_GE(r.match({"profile", "", "", "tick-*"}).size(), 5u);
}

TEST(Probes, RateUnits) {
    EXPECT_EQ(parse_profile_rate("97")->first, 1000000000u / 97);
    EXPECT_EQ(parse_profile_rate("10hz")->second, 10u);
    EXPECT_EQ(parse_profile_rate("5s")->first, 5000000000u);
    EXPECT_EQ(parse_profile_rate("3us")->first, 3000u);
    EXPECT_EQ(parse_profile_rate("2m")->first, 120000000000u);
    EXPECT_FALSE(parse_profile_rate("x"));
}

TEST(Probes, ListAllHasDTracesDefaults) {
    Registry r;
    auto all = r.list_all();
    // The dtrace and profile providers' own (the kernel providers list the kernel's probes).
    std::vector<const Probe*> own;
    for (const Probe* p : all)
        if (p->provider == "dtrace" || p->provider == "profile") own.push_back(p);
    ASSERT_EQ(own.size(), 16u);  // BEGIN END ERROR, 7 profile-N, 6 tick-N (illumos profile.c)
    for (size_t i = 0; i < own.size(); ++i) EXPECT_EQ(own[i]->id, i + 1);
    EXPECT_EQ(own[3]->name, "profile-97");
    EXPECT_EQ(own[9]->name, "profile-4999");
    EXPECT_EQ(own[10]->name, "tick-1");
    EXPECT_EQ(own[15]->name, "tick-5000");
    // A probe created on demand is listed from then on, after the others.
    EXPECT_EQ(r.match({"profile", "", "", "tick-1s"})[0]->id, all.size() + 1);
    EXPECT_EQ(r.list_all().size(), all.size() + 1);
}

TEST(Probes, InfoFollowsDtProbeInfo) {
    Registry r;
    // dtrace:::BEGIN: module and function are empty, so only provider and name count.
    ProbeInfo begin = r.info(*r.by_id(1));
    EXPECT_EQ(begin.attr.name, Stability::Stable);
    EXPECT_EQ(begin.attr.data, Stability::Stable);
    EXPECT_EQ(begin.attr.dep, DepClass::Common);
    EXPECT_EQ(begin.args.name, Stability::Stable);
    EXPECT_TRUE(begin.arg_types.empty());
    ProbeInfo tick = r.info(*r.match({"profile", "", "", "tick-1"})[0]);
    EXPECT_EQ(tick.attr.name, Stability::Evolving);
    EXPECT_EQ(tick.attr.dep, DepClass::Common);
    EXPECT_EQ(tick.args.data, Stability::Evolving);
}

TEST(Probes, ManyProbesKeepTheirIds) {
    Registry r;
    for (int i = 1; i <= 3000; ++i) r.match({"profile", "", "", "tick-" + std::to_string(i) + "ms"});
    // Naming a probe again finds it; names that mean the same rate are still different probes.
    EXPECT_EQ(r.match({"profile", "", "", "tick-2999ms"})[0]->id, 16u + 2999u);
    EXPECT_EQ(r.match({"", "", "", "tick-2999ms"})[0]->id, 16u + 2999u);
    size_t profile = 0;
    for (const Probe* p : r.list_all()) profile += p->provider == "profile";
    EXPECT_EQ(profile, 13u + 3000u);
}

TEST(Probes, OnDemandProbesMatchPatternsLater) {
    Registry r;
    uint32_t tick1s = r.match({"profile", "", "", "tick-1s"})[0]->id;
    auto ticks = r.match({"profile", "", "", "tick-*"});
    ASSERT_EQ(ticks.size(), 7u);  // the six defaults and tick-1s, in id order
    EXPECT_EQ(ticks.back()->id, tick1s);
    for (size_t i = 1; i < ticks.size(); ++i) EXPECT_LT(ticks[i - 1]->id, ticks[i]->id);
    EXPECT_EQ(r.match({"", "", "", "tick-1s"}).size(), 1u);
}
