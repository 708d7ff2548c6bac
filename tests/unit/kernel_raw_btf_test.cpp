// kbtf::RawBtf: a BTF blob read without libbpf (type ids by name and kind, the string
// section), and on this machine's kernel the same ids as libbpf's index gives.
#include <gtest/gtest.h>

#include <bpf/btf.h>
#include <unistd.h>

#include "btf_blob.h"
#include "btf/raw_btf.h"
#include "btf/vmlinux.h"

using namespace bdtrace;
using testing_btf::BtfBlob;

TEST(RawBtf, FindsTypesByNameAndKind) {
    BtfBlob b;
    uint32_t i = b.type("int", BTF_KIND_INT, 0, 4);
    uint32_t s = b.type("task", BTF_KIND_STRUCT, 2, 24);
    uint32_t p = b.type("", BTF_KIND_FUNC_PROTO, 3, 24);
    uint32_t f = b.type("task", BTF_KIND_FUNC);  // a function and a struct of one name
    uint32_t t = b.type("btf_trace_sys_enter", BTF_KIND_TYPEDEF);
    uint32_t e = b.type("mode", BTF_KIND_ENUM, 2, 16);
    b.type("big", 19, 1, 12);  // ENUM64
    uint32_t last = b.type("after_enum64", BTF_KIND_TYPEDEF);
    auto btf = bdtrace::kbtf::RawBtf::from_bytes(b.bytes());
    ASSERT_TRUE(btf);
    EXPECT_EQ(btf->find("int", BTF_KIND_INT), i);
    EXPECT_EQ(btf->find("task", BTF_KIND_STRUCT), s);
    EXPECT_EQ(btf->find("task", BTF_KIND_FUNC), f);
    EXPECT_EQ(btf->find("btf_trace_sys_enter", BTF_KIND_TYPEDEF), t);
    EXPECT_EQ(btf->find("mode", BTF_KIND_ENUM), e);
    EXPECT_EQ(btf->find("after_enum64", BTF_KIND_TYPEDEF), last);
    EXPECT_FALSE(btf->find("task", BTF_KIND_TYPEDEF));
    EXPECT_FALSE(btf->find("btf_trace_sys", BTF_KIND_TYPEDEF));  // a prefix is not the name
    EXPECT_FALSE(btf->find("", BTF_KIND_FUNC_PROTO));            // anonymous types are not found
    EXPECT_NE(p, 0u);
    EXPECT_EQ(btf->strings().substr(0, 5), std::string_view("\0int\0", 5));
}

// Many lookups of one kind (fbt: one per function) switch to an index with the same answers,
// the first record of a name winning as in the walk.
TEST(RawBtf, RepeatedLookupsIndexTheKind) {
    BtfBlob b;
    std::vector<uint32_t> ids;
    for (int n = 0; n < 20; ++n) ids.push_back(b.type("fn" + std::to_string(n), BTF_KIND_FUNC));
    b.type("fn3", BTF_KIND_FUNC);  // a second record of a name
    auto btf = bdtrace::kbtf::RawBtf::from_bytes(b.bytes());
    ASSERT_TRUE(btf);
    for (int round = 0; round < 2; ++round)
        for (int n = 0; n < 20; ++n) EXPECT_EQ(btf->find("fn" + std::to_string(n), BTF_KIND_FUNC), ids[n]);
    EXPECT_FALSE(btf->find("fn20", BTF_KIND_FUNC));
    EXPECT_FALSE(btf->find("fn1", BTF_KIND_STRUCT));
}

TEST(RawBtf, RefusesWhatIsNotBtf) {
    BtfBlob b;
    b.type("int", BTF_KIND_INT, 0, 4);
    std::vector<std::byte> good = b.bytes();
    std::vector<std::byte> bad_magic = good;
    bad_magic[0] = std::byte{0};
    EXPECT_FALSE(kbtf::RawBtf::from_bytes(bad_magic));
    std::vector<std::byte> cut(good.begin(), good.end() - 3);  // the string section runs past the end
    EXPECT_FALSE(kbtf::RawBtf::from_bytes(cut));
    EXPECT_FALSE(kbtf::RawBtf::from_bytes({}));
    EXPECT_FALSE(kbtf::RawBtf::open("/nonexistent/btf"));
    // A record of a kind this reader does not know ends the walk: nothing after it is found.
    BtfBlob odd;
    odd.type("first", BTF_KIND_TYPEDEF);
    odd.type("unknown", 31);
    odd.type("later", BTF_KIND_TYPEDEF);
    auto btf = bdtrace::kbtf::RawBtf::from_bytes(odd.bytes());
    ASSERT_TRUE(btf);
    EXPECT_EQ(btf->find("first", BTF_KIND_TYPEDEF), 1u);
    EXPECT_FALSE(btf->find("later", BTF_KIND_TYPEDEF));
}

// The running kernel's BTF, mapped or read, gives the ids libbpf's parse gives.
TEST(RawBtf, VmlinuxAgreesWithLibbpf) {
    if (access("/sys/kernel/btf/vmlinux", R_OK) != 0) GTEST_SKIP() << "no readable vmlinux BTF";
    kbtf::Vmlinux vmlinux;
    const kbtf::RawBtf* raw = vmlinux.raw();
    ASSERT_TRUE(raw);
    struct btf* lib = btf__parse("/sys/kernel/btf/vmlinux", nullptr);
    ASSERT_TRUE(lib);
    struct Ask {
        const char* name;
        uint32_t kind;
    };
    for (Ask a : {Ask{"btf_trace_sys_enter", BTF_KIND_TYPEDEF}, Ask{"btf_trace_sys_exit", BTF_KIND_TYPEDEF},
                  Ask{"task_struct", BTF_KIND_STRUCT}, Ask{"vfs_read", BTF_KIND_FUNC}, Ask{"int", BTF_KIND_INT}}) {
        int want = btf__find_by_name_kind(lib, a.name, a.kind);
        auto got = raw->find(a.name, a.kind);
        ASSERT_TRUE(got) << a.name;
        EXPECT_EQ(static_cast<int>(*got), want) << a.name;
    }
    EXPECT_FALSE(raw->find("btf_trace_no_such_tracepoint", BTF_KIND_TYPEDEF));
    btf__free(lib);
}
