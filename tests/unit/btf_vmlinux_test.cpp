// kbtf::Vmlinux, the one owner of the kernel's BTF: nothing is opened before a reader asks, and
// every reader (the registry's providers, sema's kernel types) shares one parse.
#include <gtest/gtest.h>
#include <unistd.h>

#include <memory>

#include "btf/vmlinux.h"
#include "probes/probe.h"
#include "sema/btf_types.h"

using namespace bdtrace;

TEST(BtfVmlinux, ABeginProgramsProbesOpenNoBtf) {
    auto v = std::make_shared<kbtf::Vmlinux>();
    probes::Registry registry(v);
    EXPECT_EQ(registry.match({"", "", "", "BEGIN"}).size(), 1u);
    EXPECT_EQ(registry.match({"dtrace", "", "", "END"}).size(), 1u);
    EXPECT_FALSE(v->raw_opened());
    EXPECT_FALSE(v->parsed_opened());
}

TEST(BtfVmlinux, ReadersShareTheOwnersParse) {
    if (access(kbtf::Vmlinux::kPath, R_OK) != 0) GTEST_SKIP() << "no readable vmlinux BTF";
    auto v = std::make_shared<kbtf::Vmlinux>();
    probes::Registry registry(v);
    EXPECT_FALSE(registry.match({"sched", "", "", "on-cpu"}).empty());
    ASSERT_TRUE(v->parsed_opened());
    const struct btf* parsed = v->parsed();
    ASSERT_TRUE(parsed);
    std::string err;
    auto types = sema::BtfSource::over(v, &err);
    ASSERT_TRUE(types) << err;
    EXPECT_EQ(types->raw(), parsed);  // no second parse
    EXPECT_GT(types->find("task_struct", 4 /* BTF_KIND_STRUCT */), 0);
}

TEST(BtfVmlinux, AMissingFileIsNullWithAReason) {
    auto v = std::make_shared<kbtf::Vmlinux>("/nonexistent/vmlinux");
    EXPECT_FALSE(v->raw());
    EXPECT_FALSE(v->parsed());
    std::string err;
    EXPECT_FALSE(sema::BtfSource::over(v, &err));
    EXPECT_NE(err.find("/nonexistent/vmlinux"), std::string::npos) << err;
}
